// Writes log records as `logcat -B` prints them (a v4 header and the text payload, liblog log_read.h), for the fakes
// and the decoder's tests.
const PRIORITY_VALUES: Readonly<Record<string, number>> = { V: 2, D: 3, I: 4, W: 5, E: 6, F: 7, S: 8 };

export interface RecordToWrite {
  sec: number;
  nsec: number;
  pid: number;
  tid: number;
  uid: number;
  priority: string;
  tag: string;
  message: string;
  /** 28 (v4, the default), 24 (v3: no uid) or 0 (v1). */
  header?: 0 | 24 | 28;
}

export function encodeLoggerEntry(record: RecordToWrite): Uint8Array {
  const encoder = new TextEncoder();
  const tag = encoder.encode(record.tag);
  const message = encoder.encode(record.message);
  const payload = new Uint8Array(1 + tag.length + 1 + message.length + 1);
  payload[0] = PRIORITY_VALUES[record.priority] ?? 0;
  payload.set(tag, 1);
  payload.set(message, tag.length + 2);
  const declared = record.header ?? 28;
  const size = declared === 0 ? 20 : declared;
  const out = new Uint8Array(size + payload.length);
  const view = new DataView(out.buffer);
  view.setUint16(0, payload.length, true);
  view.setUint16(2, declared, true);
  view.setInt32(4, record.pid, true);
  view.setUint32(8, record.tid, true);
  view.setUint32(12, record.sec, true);
  view.setUint32(16, record.nsec, true);
  if (size >= 24) view.setUint32(20, 0, true);
  if (size >= 28) view.setUint32(24, record.uid, true);
  out.set(payload, size);
  return out;
}

/** liblog's LOGGER_ENTRY_MAX_PAYLOAD (include/log/log_read.h, 4068 since Android 7.0). */
const MAX_PAYLOAD = 4068;

/**
 * A record as logd keeps it after liblog's logd_writer LogdWrite: a payload over 4068 bytes is cut there, the
 * message's NUL with it (it shortens the last iovec it reaches).
 */
export function encodeWrittenEntry(record: RecordToWrite): Uint8Array {
  const whole = encodeLoggerEntry(record);
  const header = whole.length - new DataView(whole.buffer).getUint16(0, true);
  if (whole.length - header <= MAX_PAYLOAD) return whole;
  const out = whole.slice(0, header + MAX_PAYLOAD);
  new DataView(out.buffer).setUint16(0, MAX_PAYLOAD, true);
  return out;
}
