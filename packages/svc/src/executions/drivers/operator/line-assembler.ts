// Turns the device log's records (`logcat -B`: one per log call, its message whole) into whole operator lines. A
// marker counts only at the start of a record (contracts/operator-lines.ts). Two kinds of message continue past
// their first record, always in records of the same thread (pid and tid), which other threads may interleave:
// - a UI hierarchy: `[TaskScope] UI Hierarchy:` then the XML up to `</hierarchy>`: in the same record, or, above
//   4000 chars, one record per line (Timber's DebugTree splits at each `\n`, and cuts a longer line every 4000);
// - a result line of 4000 chars or more, which Timber cuts into records of 4000 chars with no marker on the rest
//   (Timber 5.0.1 DebugTree.log; clawperator gradle/libs.versions.toml:42). A record shorter than 4000 ends it.
// Sources: TaskScopeDefault.kt:248, ClawperatorResultEnvelope.kt:73,96 @ v0.5.2 (docs/published-operator.md 2.4).
// A text on the screen may hold newlines, and the app writes it raw into the dump: it escapes only `& " ' < >`
// (AccessibilityNodeInfoExtAndroid.kt:712-724 @ v0.5.2). So a record of a long hierarchy may be the rest of an
// attribute value and start with anything (`[x] milk`, a marker, `</hierarchy>`). Since `"` is always escaped in a
// value, an odd count of `"` so far means the dump is inside a value: the record is text, never a line of its own.
import {
  LOG_RECORD_CHARS,
  type OperatorLine,
  parseOperatorMessage,
  parses,
  writtenAtItsPriority,
} from '../../../contracts/operator-lines.ts';

export interface LogRecord {
  readonly uid: number | undefined;
  readonly pid: number;
  readonly tid: number;
  /** The priority letter (`I`, `D`, …). */
  readonly priority: string;
  readonly message: string;
  /**
   * liblog cut the message at its byte limit (4068, logger-entry.ts): a piece of 4000 chars Timber cut may be
   * shorter than 4000 chars here (each non-ASCII char is 2-4 bytes), yet the message goes on in the next record.
   */
  readonly truncated?: boolean;
}

/** Who wrote a line: logd records both from the writer's socket credentials. */
export interface LineSource {
  readonly uid: number | undefined;
  readonly pid: number;
}

export interface AssembledLine {
  readonly line: OperatorLine;
  readonly source: LineSource;
}

/** A result keeps at most this many records (256 000 chars); more are read to its end but not kept. */
const MAX_RESULT_RECORDS = 64;
/** A snapshot of a real screen is a few thousand lines; a block that never closes is dropped past this. */
const MAX_HIERARCHY_LINES = 200_000;

type Block =
  | { kind: 'result'; text: string; records: number; priority: string; cut: boolean }
  | {
      kind: 'hierarchy';
      commandId?: string;
      lines: string[];
      joinNext: boolean;
      inValue: boolean;
      priority: string;
      /** A record of it lost its end to liblog's byte limit. */
      cut: boolean;
    };

/** A record that starts a line the operator writes (contracts/operator-lines.ts), not the rest of a result. */
function startsOwnLine(message: string): boolean {
  return parseOperatorMessage(message) !== undefined;
}

export class LineAssembler {
  readonly #open = new Map<string, Block>();

  /** The whole lines this record completes (none while a block is still open). */
  push(record: LogRecord): AssembledLine[] {
    const key = `${record.pid}:${record.tid}`;
    const source: LineSource = { uid: record.uid, pid: record.pid };
    const block = this.#open.get(key);
    let out: AssembledLine[] = [];
    if (block?.kind === 'result') {
      // Timber writes the pieces of one message back to back at one priority; anything else means it was cut short.
      if (record.priority === block.priority && !(block.cut && startsOwnLine(record.message))) {
        return this.#continueResult(key, block, record, source);
      }
      this.#open.delete(key);
      // After a piece liblog cut, whether more pieces follow cannot be known (a whole message under 4000 chars is cut
      // the same way): the app's own next line ends the result as it stands, which names its execution.
      if (block.cut) out = [{ line: { kind: 'result', json: block.text }, source }];
    }
    if (block?.kind === 'hierarchy') {
      // Inside an attribute value, or not an operator line: the dump goes on. An operator line from the same thread
      // between two nodes, or a record at another priority than the dump's, means the block was cut short (a record
      // lost): drop it and read the record.
      const text = block.inValue || !record.message.startsWith('[');
      if (text && record.priority === block.priority) {
        return this.#continueHierarchy(key, block, record.message, source, true, record.truncated === true);
      }
      this.#open.delete(key);
    }
    return [...out, ...this.#start(key, record, source)];
  }

  #start(key: string, record: LogRecord, source: LineSource): AssembledLine[] {
    const start = parseOperatorMessage(record.message, record.truncated === true);
    if (start === undefined) return [];
    if (start.kind === 'line') {
      return writtenAtItsPriority(start.line, record.priority) ? [{ line: start.line, source }] : [];
    }
    if (start.kind === 'result_head') {
      if (record.priority !== 'I') return [];
      const cut = record.truncated === true;
      this.#open.set(key, { kind: 'result', text: start.text, records: 1, priority: record.priority, cut });
      return [];
    }
    const opened: Block = {
      kind: 'hierarchy',
      lines: [],
      joinNext: false,
      inValue: false,
      priority: record.priority,
      cut: false,
    };
    if (start.commandId !== undefined) opened.commandId = start.commandId;
    this.#open.set(key, opened);
    if (start.rest === undefined) return [];
    // The whole dump in this one record (Timber logs a message under 4000 chars with one call): its lines, each
    // whole. A dump that does not close here was cut by logd's size limit, and nothing of it follows.
    const out: AssembledLine[] = [];
    for (const xmlLine of start.rest.split('\n')) {
      out.push(...this.#continueHierarchy(key, opened, xmlLine, source, false));
      if (this.#open.get(key) !== opened) break;
    }
    if (this.#open.get(key) === opened) this.#open.delete(key);
    return out;
  }

  #continueResult(
    key: string,
    block: Extract<Block, { kind: 'result' }>,
    record: LogRecord,
    source: LineSource,
  ): AssembledLine[] {
    // Past the cap the pieces are still the result's (read as text, never as lines: a read text could place a
    // marker at a piece's start), only no longer kept; the result ends, malformed, at its last piece.
    block.records++;
    if (block.records <= MAX_RESULT_RECORDS) block.text += record.message;
    block.cut = record.truncated === true;
    // A piece liblog cut is not the last one: what Timber cut after it follows, and is never read as a line of its
    // own (a read text placed there would start with a marker, at the result's priority).
    const short = record.message.length < LOG_RECORD_CHARS && record.truncated !== true;
    const ended = short || (block.records <= MAX_RESULT_RECORDS && parses(block.text));
    if (!ended) return [];
    this.#open.delete(key);
    return [{ line: { kind: 'result', json: block.text }, source }];
  }

  /** `record`: the piece is a record of its own (Timber's cut); else a line of a dump logged in one record. */
  #continueHierarchy(
    key: string,
    block: Extract<Block, { kind: 'hierarchy' }>,
    message: string,
    source: LineSource,
    record: boolean,
    truncated = false,
  ): AssembledLine[] {
    // A line the logger cut at 4000 chars goes on in the next record, with no newline between the pieces.
    if (block.joinNext && block.lines.length > 0) block.lines[block.lines.length - 1] += message;
    else block.lines.push(message);
    block.joinNext = record && message.length === LOG_RECORD_CHARS;
    // Every `"` of the dump opens or closes a value (one inside a value is written `&quot;`).
    if ((message.split('"').length - 1) % 2 === 1) block.inValue = !block.inValue;
    if (truncated) {
      // The rest of the line is lost, and with it the quotes that would close its value: the app's line ended
      // outside a value (a node's `>`), so the dump goes on from there; the block can no longer be used.
      block.cut = true;
      block.inValue = false;
      block.joinNext = false;
    }
    if (block.lines.length > MAX_HIERARCHY_LINES) {
      this.#open.delete(key);
      return [];
    }
    if (block.inValue || message.trim() !== '</hierarchy>') return [];
    this.#open.delete(key);
    // The printed lines joined, without the dump's final newline: the snapshot text is the same on both drivers and
    // the same as the published host CLI returns.
    const xml = block.lines.join('\n');
    // A cut record lost bytes (the end of a node, quotes with it): the XML left may still parse, into another screen.
    const line: OperatorLine = { kind: 'hierarchy', xml };
    if (block.commandId !== undefined) line.commandId = block.commandId;
    if (block.cut) line.cut = true;
    return [{ line, source }];
  }
}
