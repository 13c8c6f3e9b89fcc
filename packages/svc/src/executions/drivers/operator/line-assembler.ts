// Turns the device log's records into whole operator lines. Two kinds of message continue past their first record,
// always in records of the same thread (pid and tid), which other threads may interleave:
// - a UI hierarchy: `[TaskScope] UI Hierarchy:` then one XML line per printed line up to `</hierarchy>` (one log
//   entry printed line by line, or, above 4000 chars, one record per line: Timber's DebugTree splits at each `\n`);
// - a result line of 4000 chars or more, which Timber cuts into records of 4000 chars with no marker on the rest
//   (Timber 5.0.1 DebugTree.log; clawperator gradle/libs.versions.toml:42). A record shorter than 4000 ends it.
// Sources: TaskScopeDefault.kt:248, ClawperatorResultEnvelope.kt:73,96 @ v0.5.2 (docs/published-operator.md 2.4).
import {
  LOG_RECORD_CHARS,
  type OperatorLine,
  parseOperatorMessage,
  parses,
} from '../../../contracts/operator-lines.ts';

export interface LogRecord {
  readonly uid: number | undefined;
  readonly pid: number;
  readonly tid: number;
  readonly message: string;
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

/** A result is at most this many records (256 000 chars): more is a cut that never ends. */
const MAX_RESULT_RECORDS = 64;
/** A snapshot of a real screen is a few thousand lines; a block that never closes is dropped past this. */
const MAX_HIERARCHY_LINES = 200_000;

type Block =
  | { kind: 'result'; text: string; records: number }
  | { kind: 'hierarchy'; commandId?: string; lines: string[]; joinNext: boolean };

export class LineAssembler {
  readonly #open = new Map<string, Block>();

  /** The whole lines this record completes (none while a block is still open). */
  push(record: LogRecord): AssembledLine[] {
    const key = `${record.pid}:${record.tid}`;
    const source: LineSource = { uid: record.uid, pid: record.pid };
    const block = this.#open.get(key);
    if (block?.kind === 'result') return this.#continueResult(key, block, record.message, source);
    if (block?.kind === 'hierarchy') {
      // An operator line from the same thread means the block was cut short: drop it and read the line.
      if (!record.message.startsWith('[')) return this.#continueHierarchy(key, block, record.message, source);
      this.#open.delete(key);
    }
    const start = parseOperatorMessage(record.message);
    if (start === undefined) return [];
    if (start.kind === 'line') return [{ line: start.line, source }];
    if (start.kind === 'result_head') {
      this.#open.set(key, { kind: 'result', text: start.text, records: 1 });
      return [];
    }
    const opened: Block = { kind: 'hierarchy', lines: [], joinNext: false };
    if (start.commandId !== undefined) opened.commandId = start.commandId;
    this.#open.set(key, opened);
    return [];
  }

  #continueResult(
    key: string,
    block: Extract<Block, { kind: 'result' }>,
    message: string,
    source: LineSource,
  ): AssembledLine[] {
    block.text += message;
    block.records++;
    const ended = message.length < LOG_RECORD_CHARS || block.records >= MAX_RESULT_RECORDS || parses(block.text);
    if (!ended) return [];
    this.#open.delete(key);
    return [{ line: { kind: 'result', json: block.text }, source }];
  }

  #continueHierarchy(
    key: string,
    block: Extract<Block, { kind: 'hierarchy' }>,
    message: string,
    source: LineSource,
  ): AssembledLine[] {
    // A line the logger cut at 4000 chars goes on in the next record, with no newline between the pieces.
    if (block.joinNext && block.lines.length > 0) block.lines[block.lines.length - 1] += message;
    else block.lines.push(message);
    block.joinNext = message.length === LOG_RECORD_CHARS;
    if (block.lines.length > MAX_HIERARCHY_LINES) {
      this.#open.delete(key);
      return [];
    }
    if (message.trim() !== '</hierarchy>') return [];
    this.#open.delete(key);
    // The printed lines joined, without the dump's final newline: the snapshot text is the same on both drivers and
    // the same as the published host CLI returns.
    const xml = block.lines.join('\n');
    const line: OperatorLine =
      block.commandId === undefined
        ? { kind: 'hierarchy', xml }
        : { kind: 'hierarchy', commandId: block.commandId, xml };
    return [{ line, source }];
  }
}
