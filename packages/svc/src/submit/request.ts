// What a front end submits: the execute use case's own request (executions/run-on-device.ts), which always says
// where relative screenshot paths resolve and whether diagnostics are verbose (the use case would default them to
// its context's). The proxy's request and the wire call to a daemon are views of it (running-daemon.ts,
// proxy-wire.ts), so a field added to an execution's request reaches every way in.
import type { ExecutionRequest } from '../executions/run-on-device.ts';

export type SubmitRequest = ExecutionRequest & { cwd: string; verbose: boolean };
