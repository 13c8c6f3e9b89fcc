// The executions the server builds itself: POST /snapshot and POST /screenshot (source `serve-api`) and the
// inspector's screen capture (source `svc-inspector`), 30000 ms, ids `<prefix>-<kind>-<epoch ms>-<random>`. The random part makes ids unguessable (something on the device that could
// predict an id could answer for it) and unique across devices within one millisecond.
import { randomBytes } from 'node:crypto';
import type { ValidExecution } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';

const SERVE_SOURCE = 'serve-api';
const SERVE_TIMEOUT_MS = 30_000;

type BuiltAction = { id: string; type: string; params?: Record<string, unknown> };

/** A validated execution of `actions` with ids `<prefix>-<kind>-…`; invalid actions are a bug of the caller. */
export function serverExecution(
  origin: { prefix: string; source: string },
  kind: string,
  actions: BuiltAction[],
): ValidExecution {
  const id = `${origin.prefix}-${kind}-${Date.now()}-${randomBytes(12).toString('hex')}`;
  const outcome = normalizeAndValidateExecution({
    commandId: id,
    taskId: id,
    source: origin.source,
    expectedFormat: 'android-ui-automator',
    timeoutMs: SERVE_TIMEOUT_MS,
    actions,
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.execution;
}

/** The ids and source of an execution a client sent without them (`serve-<kind>-…`). */
export function serveIds(kind: string): { commandId: string; taskId: string; source: string } {
  const id = `serve-${kind}-${Date.now()}-${randomBytes(12).toString('hex')}`;
  return { commandId: id, taskId: id, source: SERVE_SOURCE };
}

const serveExecution = (kind: string, action: BuiltAction) =>
  serverExecution({ prefix: 'serve', source: SERVE_SOURCE }, kind, [action]);

export function buildSnapshotExecution(): ValidExecution {
  return serveExecution('snap', { id: 'snap', type: 'snapshot_ui' });
}

export function buildScreenshotExecution(path?: string): ValidExecution {
  return serveExecution('shot', {
    id: 'shot',
    type: 'take_screenshot',
    ...(path === undefined ? {} : { params: { path } }),
  });
}
