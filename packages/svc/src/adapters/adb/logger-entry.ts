// `logcat -B`: the device log as logd hands it to a reader, one record per log call, a message with newlines kept
// whole. Every logcat has `-B` ("output the log in binary" in the help of the first releases through 6.0; "-B,
// --binary" from 7.0). logcat writes each `struct log_msg` as it received it (logcat.cpp printBinary: `write(fd, buf, buf->len())`,
// log_msg::len() = (hdr_size ? hdr_size : sizeof(entry_v1)) + len), with no filterspec, regex or divider applied.
// Headers, little-endian (AOSP liblog include/log/log_read.h):
// - v1 (kernel logger): len u16, __pad u16 (0), pid i32, tid i32, sec i32, nsec i32: 20 bytes;
// - v2 / v3: hdr_size u16 = 24, then euid (v2, kernel logger) or lid (v3, logd on Android 5–6 and to readers
//   without the log group on Android 7–10): no uid a host can use;
// - v4: hdr_size = 28, then lid u32 and uid u32 (logd LogBufferElement::flushTo to privileged readers, such as
//   adb shell, since Android 7.0; the only header of Android 11+'s logd).
// The payload (len bytes): priority u8, tag, NUL, message, NUL. liblog's logprint.cpp android_log_processLogBuffer
// reads it; this follows it: a uid only when hdr_size >= 28, and a message without its NUL loses its last byte.
import type { LogcatEntry } from './logcat.ts';

const V1_HEADER = 20;
const V4_HEADER = 28;
/** Larger headers than v4 have not been defined; a bigger one means the stream is out of step. */
const MAX_HEADER = 64;

const PRIORITIES = ['?', '?', 'V', 'D', 'I', 'W', 'E', 'F', 'S'];

export interface LogRecordBytes {
  readonly sec: number;
  readonly nsec: number;
  readonly pid: number;
  readonly tid: number;
  /** Undefined for a header without one (v1–v3). */
  readonly uid: number | undefined;
  /** The priority letter as logcat prints it (`?` for an unknown value). */
  readonly priority: string;
  readonly tag: string;
  readonly message: string;
  /**
   * No NUL ended the message: liblog cut the entry at LOGGER_ENTRY_MAX_PAYLOAD (4068 bytes since Android 7.0;
   * logd_writer LogdWrite shortens the message's iovec, its NUL included), so the writer's text goes on past it.
   */
  readonly truncated: boolean;
}

/** Splits the byte stream of `logcat -B` into records; chunk boundaries may fall anywhere. */
export class LoggerEntryDecoder {
  #pending: Uint8Array = new Uint8Array(0);
  readonly #text = new TextDecoder();

  /** The records the bytes so far complete; throws when the stream cannot be a series of log records. */
  push(chunk: Uint8Array): LogRecordBytes[] {
    const bytes = this.#pending.length === 0 ? chunk : concat(this.#pending, chunk);
    const records: LogRecordBytes[] = [];
    let at = 0;
    while (bytes.length - at >= 4) {
      const view = new DataView(bytes.buffer, bytes.byteOffset + at, bytes.length - at);
      const len = view.getUint16(0, true);
      const declared = view.getUint16(2, true);
      const header = declared === 0 ? V1_HEADER : declared;
      if (header < V1_HEADER || header > MAX_HEADER) {
        throw new Error(`the device log's binary stream is out of step (a record header of ${declared} bytes)`);
      }
      if (bytes.length - at < header + len) break;
      records.push(this.#record(view, header, bytes.subarray(at + header, at + header + len)));
      at += header + len;
    }
    this.#pending = bytes.slice(at);
    return records;
  }

  #record(view: DataView, header: number, payload: Uint8Array): LogRecordBytes {
    const tagEnd = tagEndOf(payload);
    let end = payload.indexOf(0, tagEnd + 1);
    const truncated = end < 0;
    // logprint: a message without its NUL is cut one byte short (`msg[len - 1] = '\0'`).
    if (truncated) end = Math.max(tagEnd + 1, payload.length - 1);
    return {
      pid: view.getInt32(4, true),
      tid: view.getUint32(8, true),
      sec: view.getUint32(12, true),
      nsec: view.getUint32(16, true),
      uid: header >= V4_HEADER ? view.getUint32(24, true) : undefined,
      priority: PRIORITIES[payload[0] ?? 0] ?? '?',
      tag: this.#text.decode(payload.subarray(1, Math.max(1, tagEnd))),
      message: this.#text.decode(payload.subarray(Math.min(tagEnd + 1, payload.length), end)),
      truncated,
    };
  }
}

/** Where the tag ends: its NUL, else (a malformed entry) the first character a tag cannot hold, as logprint does. */
function tagEndOf(payload: Uint8Array): number {
  const nul = payload.indexOf(0, 1);
  if (nul >= 0) return nul;
  for (let i = 1; i < payload.length; i++) {
    const c = payload[i] as number;
    if (c <= 0x20 || c === 0x3a || c >= 0x7f) return i;
  }
  return Math.max(1, payload.length - 1);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * A record as the rest of svc reads an entry: its time as `-v epoch -v usec` prints it (logprint truncates the
 * nanoseconds), which is also what `-T` takes back.
 */
export function entryOfRecord(record: LogRecordBytes): LogcatEntry {
  const usec = String(Math.floor(record.nsec / 1000)).padStart(6, '0');
  const entry: LogcatEntry = {
    epoch: `${record.sec}.${usec}`,
    pid: record.pid,
    tid: record.tid,
    uid: record.uid,
    priority: record.priority,
    tag: record.tag,
    message: record.message,
  };
  if (record.truncated) entry.truncated = true;
  return entry;
}
