// Event data as JSON, made once when the event is published, bounded in depth and size: what an execution echoes
// comes from a request body, and one deeply nested or huge body must not break the stream for every listener
// (JSON.stringify throws RangeError past V8's stack depth).

/** Deeper values are replaced by a marker. An execution's real depth is under 10. */
export const MAX_EVENT_DEPTH = 32;
/** Larger event data is replaced by a marker naming its size. */
export const MAX_EVENT_BYTES = 1024 * 1024;

const TOO_DEEP = '[omitted: nested too deep]';

export function eventJson(data: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(bounded(data, 0)) ?? 'null';
  } catch (error) {
    return JSON.stringify({ omitted: `event data could not be serialized: ${(error as Error).message}` });
  }
  if (json.length > MAX_EVENT_BYTES) {
    return JSON.stringify({ omitted: `event data too large (${json.length} characters)` });
  }
  return json;
}

/** A copy of `value` cut at MAX_EVENT_DEPTH (recursion is bounded by that depth, so it cannot overflow). */
function bounded(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
  if (depth >= MAX_EVENT_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => bounded(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = bounded(item, depth + 1);
  return out;
}
