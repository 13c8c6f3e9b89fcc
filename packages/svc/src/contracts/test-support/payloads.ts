// Builders for execution payloads in tests (not shipped code paths; kept out of *.test.ts so tables stay short).

export const BASE = {
  commandId: 'cmd-1',
  taskId: 'task-1',
  source: 'test',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30_000,
} as const;

/** A payload with the given actions (plain objects, as an agent would send them). */
export function payload(actions: unknown[], top: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...BASE, actions, ...top };
}

/** A payload with one action of the given type and params. */
export function one(type: string, params?: unknown, id = 'a1'): Record<string, unknown> {
  return payload([params === undefined ? { id, type } : { id, type, params }]);
}

export const M = { textEquals: 'OK' } as const;
