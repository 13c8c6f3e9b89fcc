// Every request the page makes: same-origin paths only (fetch and EventSource), so the server's session cookie and
// Origin rules apply as they are; the page never holds a token of its own.
import type { ApiError, Execution, RunResult } from './types.ts';

export type Answer<T> = ({ ok: true } & T) | { ok: false; error: ApiError };

async function answer<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Answer<T>;
  } catch {
    return {
      ok: false,
      error: { code: `HTTP_${response.status}`, message: text.slice(0, 200) || response.statusText },
    };
  }
}

export async function post<T>(path: string, body: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return answer<T>(response);
  } catch (error) {
    return { ok: false, error: { code: 'NETWORK', message: `svc did not answer: ${(error as Error).message}` } };
  }
}

export async function get<T>(path: string): Promise<Answer<T>> {
  try {
    return answer<T>(await fetch(path));
  } catch (error) {
    return { ok: false, error: { code: 'NETWORK', message: `svc did not answer: ${(error as Error).message}` } };
  }
}

/** Which device and driver each request targets (the page's pickers). */
export interface Target {
  deviceId?: string;
  driver?: string;
}

/** How long a request waits for a device busy with someone else's execution. */
const WAIT_DEVICE_MS = 15_000;

export function targetFields(target: Target): Record<string, unknown> {
  return {
    ...(target.deviceId ? { deviceId: target.deviceId } : {}),
    ...(target.driver && target.driver !== 'auto' ? { driver: target.driver } : {}),
    waitDeviceMs: WAIT_DEVICE_MS,
  };
}

/** Runs an execution through POST /execute, the API every client uses. */
export function execute(execution: Execution, target: Target): Promise<RunResult> {
  return post<RunResult>('/execute', { execution, ...targetFields(target) }) as Promise<RunResult>;
}
