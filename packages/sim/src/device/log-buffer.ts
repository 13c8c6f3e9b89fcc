// The device log (logd's `main` buffer): a ring buffer with a byte budget, entries truncated as liblog does.
import type { DeviceApi, LogEntry } from './types.ts';

/** liblog's LOGGER_ENTRY_MAX_PAYLOAD: priority byte + tag + NUL + message + NUL fit in 4068 bytes. */
export const LOGGER_ENTRY_MAX_PAYLOAD = 4068;
/** logd's default size of the main buffer. */
export const DEFAULT_LOG_BUFFER_BYTES = 256 * 1024;
/** Per-entry bookkeeping logd counts besides the payload (struct logger_entry). */
const ENTRY_HEADER_BYTES = 28;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Cuts `message` so the payload fits; a UTF-8 sequence split by the cut is dropped rather than mangled. */
export function truncateLogMessage(tag: string, message: string): string {
  const budget = LOGGER_ENTRY_MAX_PAYLOAD - 1 - (encoder.encode(tag).length + 1) - 1;
  const bytes = encoder.encode(message);
  if (bytes.length <= budget) return message;
  let end = Math.max(0, budget);
  // Back off continuation bytes (10xxxxxx) and the lead byte of the split sequence.
  if (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) {
    while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  }
  return decoder.decode(bytes.subarray(0, end));
}

function entrySize(entry: LogEntry): number {
  return ENTRY_HEADER_BYTES + encoder.encode(entry.tag).length + encoder.encode(entry.message).length + 3;
}

export function createLogBuffer(now: () => number, maxBytes = DEFAULT_LOG_BUFFER_BYTES): DeviceApi['log'] {
  let entries: LogEntry[] = [];
  let sizes: number[] = [];
  let bytes = 0;
  let lastEpochMs = 0;
  const listeners = new Set<(entry: LogEntry) => void>();
  return {
    write(input) {
      let epochMs = input.epochMs ?? now();
      // Entries keep strictly increasing times (logd orders by time); the nanosecond remainder breaks ties.
      if (epochMs <= lastEpochMs) epochMs = lastEpochMs + 0.000001;
      lastEpochMs = epochMs;
      const entry: LogEntry = {
        epochMs,
        pid: input.pid,
        tid: input.tid,
        priority: input.priority,
        tag: input.tag,
        message: truncateLogMessage(input.tag, input.message),
        ...(input.buffer === undefined || input.buffer === 'main' ? {} : { buffer: input.buffer }),
      };
      const size = entrySize(entry);
      entries.push(entry);
      sizes.push(size);
      bytes += size;
      let drop = 0;
      while (bytes > maxBytes && drop < entries.length - 1) bytes -= sizes[drop++] ?? 0;
      if (drop > 0) {
        entries = entries.slice(drop);
        sizes = sizes.slice(drop);
      }
      for (const listener of listeners) listener(entry);
    },
    entries: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear() {
      entries = [];
      sizes = [];
      bytes = 0;
    },
  };
}
