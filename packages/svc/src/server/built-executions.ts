// The one-action executions that POST /snapshot and POST /screenshot build (SPEC 4.1).
import type { Execution } from '../contracts/types.ts';

const SERVE_SOURCE = 'serve-api';
const SERVE_TIMEOUT_MS = 30_000;

/** One action under a `serve-<kind>-<epochMs>` command and task id. */
function serveExecution(kind: string, epochMs: number, action: Execution['actions'][number]): Execution {
  const id = `serve-${kind}-${epochMs}`;
  return {
    commandId: id,
    taskId: id,
    source: SERVE_SOURCE,
    expectedFormat: 'android-ui-automator',
    timeoutMs: SERVE_TIMEOUT_MS,
    actions: [action],
  };
}

export function buildSnapshotExecution(epochMs: number): Execution {
  return serveExecution('snap', epochMs, { id: 'snap', type: 'snapshot_ui' });
}

export function buildScreenshotExecution(epochMs: number, path?: string): Execution {
  return serveExecution('shot', epochMs, {
    id: 'shot',
    type: 'take_screenshot',
    ...(path === undefined ? {} : { params: { path } }),
  });
}
