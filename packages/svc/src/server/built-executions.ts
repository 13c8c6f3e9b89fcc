// The one-action executions that POST /snapshot and POST /screenshot build (SPEC 4.1).
import type { Execution } from '../contracts/types.ts';

const SERVE_SOURCE = 'serve-api';
const SERVE_TIMEOUT_MS = 30_000;

export function buildSnapshotExecution(epochMs: number): Execution {
  const id = `serve-snap-${epochMs}`;
  return {
    commandId: id,
    taskId: id,
    source: SERVE_SOURCE,
    expectedFormat: 'android-ui-automator',
    timeoutMs: SERVE_TIMEOUT_MS,
    actions: [{ id: 'snap', type: 'snapshot_ui' }],
  };
}

export function buildScreenshotExecution(epochMs: number, path?: string): Execution {
  const id = `serve-shot-${epochMs}`;
  return {
    commandId: id,
    taskId: id,
    source: SERVE_SOURCE,
    expectedFormat: 'android-ui-automator',
    timeoutMs: SERVE_TIMEOUT_MS,
    actions: [{ id: 'shot', type: 'take_screenshot', ...(path === undefined ? {} : { params: { path } }) }],
  };
}
