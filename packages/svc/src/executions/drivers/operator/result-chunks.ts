// `[<Brand>-Result-Chunk] {"commandId","taskId","index","count","byteLength","sha256","data"}` lines: a result line
// of more than 3000 UTF-8 bytes written as base64 pieces of 1024 bytes, index 0-based, in order, checked by the
// SHA-256 of the whole line (prefix included). Later builds of the published operator only (ResultEnvelopeTransport.kt
// at clawperator commit faba59e79819fe2c0a1721225fb9e329673aa405); svc reads them, never needs them. The rules are
// those of the host CLI of that era (resultEnvelopeTransport.ts): in order, one taskId/count/byteLength/sha256 for
// all, canonical base64, then length, digest and the result marker.
import { createHash } from 'node:crypto';
import { base64Decode, base64Encode } from '../../../contracts/base64.ts';
import { OPERATOR_VARIANTS } from '../../../contracts/operator-variants.ts';
import { isPlainObject } from '../../../contracts/validation-issue.ts';

const CHUNK_BYTES = 1024;

export type ChunkOutcome =
  | { kind: 'foreign' }
  | { kind: 'pending' }
  | { kind: 'result'; json: string }
  | { kind: 'malformed'; reason: string };

interface Chunk {
  taskId: string;
  index: number;
  count: number;
  byteLength: number;
  sha256: string;
  data: string;
}

export class ResultChunks {
  readonly #commandId: string;
  readonly #parts: Uint8Array[] = [];
  #first: Chunk | undefined;
  /** The last chunk line taken, byte for byte: the same line again is a repeat of it (read twice), not a new piece. */
  #lastLine: string | undefined;

  constructor(commandId: string) {
    this.#commandId = commandId;
  }

  push(json: string): ChunkOutcome {
    if (json === this.#lastLine) return { kind: 'pending' };
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return json.includes(JSON.stringify(this.#commandId)) ? bad('a chunk line is not JSON') : { kind: 'foreign' };
    }
    if (!isPlainObject(value) || value.commandId !== this.#commandId) return { kind: 'foreign' };
    const chunk = readChunk(value);
    if (chunk === undefined) return bad('a chunk line lacks a field');
    const first = this.#first ?? chunk;
    if (chunk.index !== this.#parts.length)
      return bad(`chunk ${chunk.index} arrived when ${this.#parts.length} was due`);
    if (first.count !== Math.ceil(first.byteLength / CHUNK_BYTES)) return bad('chunk count does not fit the length');
    const same = ['taskId', 'count', 'byteLength', 'sha256'] as const;
    if (same.some((key) => chunk[key] !== first[key])) return bad('chunks disagree about the result');
    const bytes = base64Decode(chunk.data);
    if (bytes === undefined || base64Encode(bytes) !== chunk.data) return bad('a chunk is not canonical base64');
    const last = chunk.index === chunk.count - 1;
    if (!last && bytes.length !== CHUNK_BYTES) return bad('a chunk before the last is not 1024 bytes');
    this.#first = first;
    this.#parts.push(bytes);
    this.#lastLine = json;
    if (!last) return { kind: 'pending' };
    return this.#finish(first);
  }

  #finish(first: Chunk): ChunkOutcome {
    const whole = Buffer.concat(this.#parts);
    if (whole.length !== first.byteLength) return bad('the chunks do not add up to the length');
    if (createHash('sha256').update(whole).digest('hex') !== first.sha256) return bad('the SHA-256 does not match');
    const text = whole.toString('utf8');
    const marker = OPERATOR_VARIANTS.map((v) => v.markers.result).find((m) => text.startsWith(m));
    if (marker === undefined) return bad('the chunks do not hold a result line');
    return { kind: 'result', json: text.slice(marker.length) };
  }
}

const bad = (reason: string): ChunkOutcome => ({ kind: 'malformed', reason: `result chunks: ${reason}` });

function readChunk(value: Record<string, unknown>): Chunk | undefined {
  const { taskId, index, count, byteLength, sha256, data } = value;
  const whole = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (typeof taskId !== 'string' || typeof sha256 !== 'string' || typeof data !== 'string') return undefined;
  if (!whole(index) || !whole(count) || !whole(byteLength)) return undefined;
  return { taskId, index: index as number, count: count as number, byteLength: byteLength as number, sha256, data };
}
