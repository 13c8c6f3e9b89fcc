// What one device-log message of an operator app says (pure). The operator writes no JSON progress and names no
// fixed tag (tags are class names, renamed in release builds): lines are known by the marker at the start of the
// message. Sources, paths in clawperator/clawperator @ v0.5.2:
// - `[<Brand>-Result] <json>` (I): the terminal envelope (ClawperatorResultEnvelope.kt:9,73,96);
// - `[<Brand>-Result-Chunk] <json>` (I): a large envelope in pieces, later builds only (ResultEnvelopeTransport.kt);
// - `[<Brand>-Command] start|queued|success|failure commandId=<c> taskId=<t> …` and `stage-… commandId=<c> …`
//   (AgentCommandExecutorDefault.kt:29-131);
// - `[UiActionEngine] step_start id=<action id> type=<class>` and `step_success id=<id> type=<class> data=<map>`
//   (UiActionEngine.kt:48-50,75-79), which name no commandId: they belong to the execution the writer runs;
// - `[TaskScope] UI Hierarchy:` (later builds `[TaskScope] UI Hierarchy [commandId=<c>]:`), followed in the same
//   log entry (or, above 4000 chars, in records of the same thread) by the XML, one line each, up to
//   `</hierarchy>` (TaskScopeDefault.kt:248);
// - `[Operator-Receiver] … failed to parse agent command payload` (E): a payload dropped without an answer
//   (OperatorCommandReceiver.kt:61-63,86-90).
// A marker counts only at the very start of a record's message: the operator logs text it read from the screen
// (`step_success … data=`, the hierarchy's attributes), raw newlines included, so a marker anywhere else is text.
// A line that can end or take an execution counts only at the priority the app writes it at
// (writtenAtItsPriority): Timber cuts a message of 4000 chars or more into records at each newline, so a read text
// can still make a record start with a marker, but that record keeps the priority of the step line it came from.
import { OPERATOR_VARIANTS } from './operator-variants.ts';

export type CommandPhase = 'start' | 'queued' | 'success' | 'failure' | 'stage-retry';

export type OperatorLine =
  | { kind: 'result'; json: string }
  | { kind: 'result_chunk'; json: string }
  | { kind: 'command'; phase: CommandPhase; commandId: string; fields: Readonly<Record<string, string>> }
  | { kind: 'step_start'; actionId: string }
  | { kind: 'step_returned'; actionId: string; data: string }
  /** `cut`: a record of the dump lost its end to liblog's byte limit, so the XML is not what the app wrote. */
  | { kind: 'hierarchy'; commandId?: string; xml: string; cut?: true }
  | { kind: 'payload_rejected'; message: string };

/** What one printed message starts: a complete line, or the head of a block that continues in later records. */
export type MessageStart =
  | { kind: 'line'; line: OperatorLine }
  | { kind: 'result_head'; text: string }
  | { kind: 'hierarchy_head'; commandId?: string; rest?: string };

/** Timber's DebugTree cuts a message of 4000 chars or more into records of at most 4000 (Timber 5.0.1). */
export const LOG_RECORD_CHARS = 4000;

const RESULT_MARKERS = OPERATOR_VARIANTS.map((v) => v.markers.result);
const CHUNK_MARKERS = OPERATOR_VARIANTS.map((v) => v.markers.resultChunk);
const COMMAND_MARKERS = OPERATOR_VARIANTS.map((v) => v.markers.command);
const STEP_START = /^\[UiActionEngine\] step_start id=(\S+)/;
const STEP_RETURNED = /^\[UiActionEngine\] step_success id=(\S+) type=\S* data=(.*)$/s;
const HIERARCHY_HEAD = /^\[TaskScope\] UI Hierarchy(?: \[commandId=(.*)\])?:$/;
const PAYLOAD_REJECTED = /^\[Operator-Receiver\] .*failed to parse agent command payload/i;
const COMMAND = /^(start|queued|success|failure|stage-retry) (.*)$/;

/** Classifies one log message (the text after the tag); undefined when it is no operator line. */
/** `truncated`: liblog cut the record at its byte limit, so the message goes on in the next record. */
export function parseOperatorMessage(raw: string, truncated = false): MessageStart | undefined {
  const message = raw.replace(/\r?\n$/, '');
  if (!message.startsWith('[')) return undefined;
  for (const marker of RESULT_MARKERS) {
    if (message.startsWith(marker)) return resultStart(message.slice(marker.length), message.length, truncated);
  }
  for (const marker of CHUNK_MARKERS) {
    if (message.startsWith(marker)) return line({ kind: 'result_chunk', json: message.slice(marker.length) });
  }
  for (const marker of COMMAND_MARKERS) {
    if (message.startsWith(marker)) return commandLine(message.slice(marker.length));
  }
  const start = STEP_START.exec(message);
  if (start) return line({ kind: 'step_start', actionId: start[1] as string });
  const returned = STEP_RETURNED.exec(message);
  if (returned) return line({ kind: 'step_returned', actionId: returned[1] as string, data: returned[2] as string });
  const hierarchy = hierarchyStart(message);
  if (hierarchy) return hierarchy;
  if (PAYLOAD_REJECTED.test(message)) return line({ kind: 'payload_rejected', message: firstLine(message) });
  return undefined;
}

const line = (l: OperatorLine): MessageStart => ({ kind: 'line', line: l });

/** The head line of a UI hierarchy and, when the record holds the dump too (under 4000 chars), the dump. */
function hierarchyStart(message: string): MessageStart | undefined {
  const newline = message.indexOf('\n');
  const head = HIERARCHY_HEAD.exec(newline < 0 ? message : message.slice(0, newline));
  if (head === null) return undefined;
  const start: Extract<MessageStart, { kind: 'hierarchy_head' }> = { kind: 'hierarchy_head' };
  if (head[1] !== undefined) start.commandId = head[1];
  if (newline >= 0) start.rest = message.slice(newline + 1);
  return start;
}
const firstLine = (text: string) => text.split('\n', 1)[0] as string;

/**
 * A result message of exactly LOG_RECORD_CHARS (or one liblog cut at its byte limit) whose JSON does not parse was
 * cut by the logger: its rest follows in records of the same thread (the caller joins them, line-assembler.ts).
 */
function resultStart(json: string, messageLength: number, truncated: boolean): MessageStart {
  if ((truncated || messageLength === LOG_RECORD_CHARS) && !parses(json)) return { kind: 'result_head', text: json };
  return line({ kind: 'result', json });
}

export function parses(json: string): boolean {
  try {
    JSON.parse(json);
    return true;
  } catch {
    return false;
  }
}

/** `start commandId=c taskId=t source=s …`: values are single words (svc's ids hold no whitespace). */
function commandLine(text: string): MessageStart | undefined {
  const m = COMMAND.exec(text);
  if (m === null) return undefined;
  const fields: Record<string, string> = {};
  for (const word of (m[2] as string).split(' ')) {
    const eq = word.indexOf('=');
    if (eq > 0) fields[word.slice(0, eq)] = word.slice(eq + 1);
  }
  const commandId = fields.commandId;
  if (commandId === undefined) return undefined;
  return line({ kind: 'command', phase: m[1] as CommandPhase, commandId, fields });
}

/**
 * Whether a line came at the priority the app writes it at (AgentCommandExecutorDefault.kt:30,42,56,66,82,100 and
 * OperatorCommandReceiver.kt:53-62 @ v0.5.2, ResultEnvelopeTransport.kt in later builds): results, result chunks and
 * the `queued` / `start` / `success` lines are I, a payload the app could not parse is E. Each can end an execution
 * or decide which one the operator runs, so a record at another priority (a piece of a long debug message) is text.
 */
export function writtenAtItsPriority(l: OperatorLine, priority: string): boolean {
  switch (l.kind) {
    case 'result':
    case 'result_chunk':
      return priority === 'I';
    case 'command':
      return l.phase === 'failure' || l.phase === 'stage-retry' || priority === 'I';
    case 'payload_rejected':
      return priority === 'E';
    default:
      return true;
  }
}

/** The commandId a line names, when it names one (step and hierarchy lines of 0.5.x name none). */
export function commandIdOfLine(l: OperatorLine, namedIn: (json: string) => string | undefined): string | undefined {
  switch (l.kind) {
    case 'result':
    case 'result_chunk':
      return namedIn(l.json);
    case 'command':
      return l.commandId;
    case 'hierarchy':
      return l.commandId;
    default:
      return undefined;
  }
}
