// `logcat -B`: each entry as the reader received it from logd, header and payload, nothing printed around it.
// - logcat.cpp (Android 7–10: printBinary `write(g_outFD, buf, buf->len())`; 11+: `WriteFully(&log_msg,
//   log_msg.len())`): in binary mode processBuffer, where filterspecs (android_log_shouldPrintLine), `-e` and the
//   print count of `-m` apply, is skipped, and maybePrintStart writes no `--------- beginning of` divider. `-t`, `-T`,
//   `-b` and `--pid` are logd's and still apply.
// - The header logd writes (liblog include/log/log_read.h): Android 7–10 logd LogBufferElement::flushTo gives a
//   privileged reader (the shell user is in the log group) `logger_entry_v4` (28 bytes, with lid and uid) and others
//   `logger_entry_v3` (24, lid only); Android 11+ logd always writes `logger_entry` (the v4 layout, 28 bytes). The
//   uid came with v4 in Android 7.0 (with `-v uid`); Android 5 and 6 write v3.
// - The payload: priority byte, tag, NUL, message, NUL (liblog __android_log_buf_write); one entry is one log call,
//   a message with newlines is one record (the text formats print each of its lines with the header).
import type { LogBufferName, LogEntry, LogPriority } from '../../device/types.ts';

const PRIORITY: Readonly<Record<LogPriority, number>> = { V: 2, D: 3, I: 4, W: 5, E: 6, F: 7 };
/** android_LogId (liblog include/android/log.h). */
const LOG_ID: Readonly<Record<LogBufferName, number>> = { main: 0, events: 2, system: 3, crash: 4 };

const encoder = new TextEncoder();

export function binaryRecord(entry: LogEntry, sdk: number): Uint8Array {
  const tag = encoder.encode(entry.tag);
  const message = encoder.encode(entry.message);
  const payload = new Uint8Array(1 + tag.length + 1 + message.length + 1);
  payload[0] = PRIORITY[entry.priority] ?? 0;
  payload.set(tag, 1);
  payload.set(message, tag.length + 2);
  const header = sdk >= 24 ? 28 : 24;
  const out = new Uint8Array(header + payload.length);
  const view = new DataView(out.buffer);
  const micros = Math.round(entry.epochMs * 1000);
  const sec = Math.floor(micros / 1_000_000);
  view.setUint16(0, payload.length, true);
  view.setUint16(2, header, true);
  view.setInt32(4, entry.pid, true);
  view.setUint32(8, entry.tid, true);
  view.setUint32(12, sec, true);
  view.setUint32(16, (micros - sec * 1_000_000) * 1000, true);
  view.setUint32(20, LOG_ID[entry.buffer ?? 'main'], true);
  if (header === 28) view.setUint32(24, entry.uid, true);
  out.set(payload, header);
  return out;
}
