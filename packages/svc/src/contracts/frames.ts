// `[svc-Frame]` lines and their reassembly (OPERATOR-PROTOCOL §3): chunks are base64 of UTF-8 byte slices.
import { base64Decode, base64Encode } from './base64.ts';
import { EVENT_MARKER, FRAME_MARKER, type OperatorEvent, parseEventJson, RESULT_MARKER } from './envelope.ts';
import { PROTOCOL_LIMITS } from './limits.ts';
import { utf8Decode, utf8Encode } from './utf8.ts';

export interface Frame {
  stream: 'result' | 'hierarchy';
  /** `<commandId>` for result frames, `<commandId>/<actionId>` for hierarchy frames. */
  key: string;
  index: number;
  total: number;
  chunk: string;
}

export type OperatorLine =
  | { kind: 'result'; json: string }
  | { kind: 'frame'; frame: Frame }
  | { kind: 'event'; event: OperatorEvent }
  | { kind: 'malformed_frame'; reason: string };

const FRAME = /^(result|hierarchy) (\S+) (\d{1,9})\/(\d{1,9}) (\S*)$/;

/**
 * Reads one log message (the text after the `SvcOperator:` tag; anything before the first marker is skipped).
 * Returns undefined for lines that are not protocol lines or are unreadable events.
 */
export function parseOperatorLine(message: string): OperatorLine | undefined {
  const at = message.indexOf('[svc-');
  if (at < 0) return undefined;
  const line = message.slice(at).replace(/\r?\n$/, '');
  if (line.startsWith(RESULT_MARKER)) return { kind: 'result', json: line.slice(RESULT_MARKER.length) };
  if (line.startsWith(EVENT_MARKER)) {
    const event = parseEventJson(line.slice(EVENT_MARKER.length));
    return event === undefined ? undefined : { kind: 'event', event };
  }
  if (!line.startsWith(FRAME_MARKER)) return undefined;
  const m = FRAME.exec(line.slice(FRAME_MARKER.length));
  if (m === null) return { kind: 'malformed_frame', reason: 'frame header does not match the protocol' };
  const frame: Frame = {
    stream: m[1] as Frame['stream'],
    key: m[2] as string,
    index: Number(m[3]),
    total: Number(m[4]),
    chunk: m[5] as string,
  };
  return { kind: 'frame', frame };
}

export type FrameOutcome =
  | { kind: 'ignored' }
  | { kind: 'pending' }
  | { kind: 'result'; json: string }
  | { kind: 'hierarchy'; actionId: string; xml: string }
  | { kind: 'malformed'; reason: string };

interface FrameSet {
  total: number;
  chunks: (Uint8Array | undefined)[];
  received: number;
  done: boolean;
}

/**
 * Collects the frames of one commandId. Frames of other commandIds are ignored, duplicates are ignored, an index
 * above n or a changing n is malformed. A completed set yields its text once; later frames of it are ignored.
 */
export function createFrameReassembler(commandId: string) {
  const sets = new Map<string, FrameSet>();
  const hierarchyPrefix = `${commandId}/`;
  return {
    push(frame: Frame): FrameOutcome {
      let actionId = '';
      if (frame.stream === 'result') {
        if (frame.key !== commandId) return { kind: 'ignored' };
      } else {
        if (!frame.key.startsWith(hierarchyPrefix)) return { kind: 'ignored' };
        actionId = frame.key.slice(hierarchyPrefix.length);
        if (actionId.length === 0) return { kind: 'malformed', reason: 'hierarchy frame without an action id' };
      }
      const setKey = `${frame.stream} ${frame.key}`;
      const { index, total } = frame;
      if (total < 1 || total > PROTOCOL_LIMITS.MAX_FRAMES_PER_SET) {
        return { kind: 'malformed', reason: `frame count ${total} out of range` };
      }
      if (index < 1 || index > total) return { kind: 'malformed', reason: `frame index ${index} outside 1..${total}` };
      let set = sets.get(setKey);
      if (set === undefined) {
        set = { total, chunks: new Array(total), received: 0, done: false };
        sets.set(setKey, set);
      } else if (set.total !== total) {
        return { kind: 'malformed', reason: `frame count changed from ${set.total} to ${total}` };
      }
      if (set.done || set.chunks[index - 1] !== undefined) return { kind: 'ignored' };
      const bytes = base64Decode(frame.chunk);
      if (bytes === undefined) return { kind: 'malformed', reason: `frame ${index}/${total} is not valid base64` };
      set.chunks[index - 1] = bytes;
      set.received++;
      if (set.received < set.total) return { kind: 'pending' };
      set.done = true;
      const text = utf8Decode(concat(set.chunks as Uint8Array[]));
      set.chunks = [];
      if (text === undefined) return { kind: 'malformed', reason: 'reassembled frames are not valid UTF-8' };
      return frame.stream === 'result' ? { kind: 'result', json: text } : { kind: 'hierarchy', actionId, xml: text };
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function frameLines(header: string, text: string, chunkBytes: number): string[] {
  const bytes = utf8Encode(text);
  const total = Math.max(1, Math.ceil(bytes.length / chunkBytes));
  const lines: string[] = [];
  for (let i = 0; i < total; i++) {
    const chunk = base64Encode(bytes.subarray(i * chunkBytes, (i + 1) * chunkBytes));
    lines.push(`${FRAME_MARKER}${header} ${i + 1}/${total} ${chunk}`);
  }
  return lines;
}

/** The lines an operator writes for a terminal envelope JSON: one result line, or result frames when too large. */
export function encodeResultLines(
  commandId: string,
  json: string,
  opts: { maxInlineBytes?: number; chunkBytes?: number } = {},
): string[] {
  const maxInline = opts.maxInlineBytes ?? PROTOCOL_LIMITS.MAX_INLINE_RESULT_BYTES;
  if (utf8Encode(json).length <= maxInline) return [`${RESULT_MARKER}${json}`];
  return frameLines(`result ${commandId}`, json, opts.chunkBytes ?? PROTOCOL_LIMITS.MAX_FRAME_CHUNK_BYTES);
}

/** The hierarchy frames of one snapshot_ui step (always framed). */
export function encodeHierarchyFrames(commandId: string, actionId: string, xml: string, chunkBytes?: number): string[] {
  return frameLines(`hierarchy ${commandId}/${actionId}`, xml, chunkBytes ?? PROTOCOL_LIMITS.MAX_FRAME_CHUNK_BYTES);
}
