// The one-action executions that POST /snapshot and POST /screenshot build: source `serve-api`, 30000 ms, ids
// `serve-<kind>-<epoch ms>-<random>`. The random part makes ids unguessable (something on the device that could
// predict an id could answer for it) and unique across devices within one millisecond.
import { randomBytes } from 'node:crypto';
import type { ValidExecution } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';

const SERVE_SOURCE = 'serve-api';
const SERVE_TIMEOUT_MS = 30_000;

function serveExecution(kind: string, action: { id: string; type: string; params?: Record<string, unknown> }) {
  const id = `serve-${kind}-${Date.now()}-${randomBytes(12).toString('hex')}`;
  const outcome = normalizeAndValidateExecution({
    commandId: id,
    taskId: id,
    source: SERVE_SOURCE,
    expectedFormat: 'android-ui-automator',
    timeoutMs: SERVE_TIMEOUT_MS,
    actions: [action],
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.execution;
}

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
