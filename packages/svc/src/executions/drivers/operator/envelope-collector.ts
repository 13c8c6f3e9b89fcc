// Everything one execution needs from the operator's lines (no I/O): its terminal envelope (one result line or a
// chunked one), the UI hierarchy of each snapshot step, and what the
// operator said while it ran (which steps started and returned, for a fatal failure or a timeout). Lines of other
// commandIds never reach it (log-router.ts).
//
// A hierarchy belongs to the action whose `step_start` line came last before it: the operator runs one execution at
// a time and one action at a time (UiActionEngine.kt:32-50 @ v0.5.2), and the 0.5.x hierarchy line names neither
// the commandId nor the action (later builds name the commandId, which the router routes by).
//
// The step lines of one execution tell one story: `step_start` of each action once, then at most one `step_success`
// of that action, before the next `step_start` (UiActionEngine.kt:29-35,48-79: one executeSingle per action, in
// order). Timber cuts a debug message of 4000 chars or more into records at each newline, so a long text the
// operator logs (`step_success … data=` of a read) may put records of its own that look like step or hierarchy
// lines into the log. Such a record always breaks the story (the operator's own line for that action comes too), so a
// broken story is never believed: the steps and hierarchies read off this execution's lines are dropped, and
// `untrusted` says why.
import { malformed, parseEnvelopeJson } from '../../../contracts/envelope.ts';
import type { SvcError } from '../../../contracts/errors.ts';
import type { OperatorLine } from '../../../contracts/operator-lines.ts';
import type { ResultEnvelope } from '../../../contracts/types.ts';
import { ResultChunks } from './result-chunks.ts';

export type Terminal = { kind: 'envelope'; envelope: ResultEnvelope } | { kind: 'malformed'; error: SvcError };

/** What the operator said about one action: it started, and (when it returned) the data map it logged. */
export interface StepProgress {
  readonly actionId: string;
  /** The `data=` text of `step_success` (a Kotlin map's toString), once the action returned. */
  returned?: string;
}

/** One progress line, for diagnostics: which action, what happened (retries name the attempt). */
export interface ProgressNote {
  readonly actionId: string;
  readonly phase: 'start' | 'retry' | 'success';
  readonly attempt?: number;
}

const KEPT_NOTES = 10;
const HIERARCHY_CUT =
  'a line of the UI hierarchy (a long text on the screen) was longer than the device log keeps in one entry ' +
  '(4068 bytes) and lost its end';

export class EnvelopeCollector {
  readonly commandId: string;
  readonly hierarchies = new Map<string, string>();
  /** actionId → why its hierarchy could not be used. */
  readonly hierarchyErrors = new Map<string, string>();
  /** The actions the operator started, in order. */
  readonly steps: StepProgress[] = [];
  readonly notes: ProgressNote[] = [];
  /**
   * Why this execution's step and hierarchy lines cannot be believed (a text the operator logged holds lines like
   * them); undefined while they tell one story.
   */
  untrusted: string | undefined;
  /** The operator took the command (`start`, or `queued` behind another execution). */
  accepted = false;
  /** The operator's own words when it could not parse a payload (it names no commandId). */
  rejection: string | undefined;
  linesSeen = 0;
  #terminal: Terminal | undefined;
  readonly #chunks;
  /** Actions a `step_start` line named. */
  readonly #started = new Set<string>();
  /** Actions a UI hierarchy line came for. */
  readonly #dumped = new Set<string>();

  constructor(commandId: string) {
    this.commandId = commandId;
    this.#chunks = new ResultChunks(commandId);
  }

  get terminal(): Terminal | undefined {
    return this.#terminal;
  }

  /** The action running now: the last one started. */
  get currentAction(): StepProgress | undefined {
    return this.steps.at(-1);
  }

  /** Takes one line; returns the terminal outcome the first time there is one. */
  push(line: OperatorLine): Terminal | undefined {
    if (this.#terminal !== undefined) return undefined;
    this.linesSeen++;
    switch (line.kind) {
      case 'result':
        return this.#settle(line.json);
      case 'result_chunk': {
        const outcome = this.#chunks.push(line.json);
        if (outcome.kind === 'result') return this.#settle(outcome.json);
        if (outcome.kind === 'malformed') return this.#fail(outcome.reason);
        return undefined;
      }
      case 'command':
        if (line.phase === 'start' || line.phase === 'queued') this.accepted = true;
        if (line.phase === 'stage-retry') this.#retryNote(line.fields.attempt);
        return undefined;
      case 'step_start':
        if (this.#started.has(line.actionId)) return this.#distrust(`action ${line.actionId} started twice`);
        this.#started.add(line.actionId);
        this.steps.push({ actionId: line.actionId });
        this.#note({ actionId: line.actionId, phase: 'start' });
        return undefined;
      case 'step_returned': {
        const step = this.currentAction;
        if (step?.actionId !== line.actionId || step.returned !== undefined) {
          return this.#distrust(`action ${line.actionId} returned without running`);
        }
        step.returned = line.data;
        this.#note({ actionId: line.actionId, phase: 'success' });
        return undefined;
      }
      case 'hierarchy': {
        const action = this.currentAction;
        if (this.untrusted !== undefined || action === undefined || action.returned !== undefined) return undefined;
        // A snapshot step logs one dump (TaskScopeDefault.kt:241-248 @ v0.5.2: a retry comes only before it); another
        // one was cut out of a text the app logged (a notification's ticker, logged on the same main thread).
        if (this.#dumped.has(action.actionId))
          return this.#distrust(`two UI hierarchies for action ${action.actionId}`);
        this.#dumped.add(action.actionId);
        if (line.cut) {
          this.hierarchies.delete(action.actionId);
          this.hierarchyErrors.set(action.actionId, HIERARCHY_CUT);
        } else this.hierarchies.set(action.actionId, line.xml);
        return undefined;
      }
      case 'payload_rejected':
        if (!this.accepted) this.rejection ??= line.message;
        return undefined;
    }
  }

  /** The step lines broke their story: what was read off them goes, and nothing more is. */
  #distrust(what: string): undefined {
    this.untrusted ??=
      `the operator's log for this execution holds lines copied from text it logged (${what}), so its own step and ` +
      'UI hierarchy lines cannot be told apart from them';
    this.hierarchies.clear();
    return undefined;
  }

  #note(note: ProgressNote): void {
    this.notes.push(note);
    if (this.notes.length > KEPT_NOTES) this.notes.shift();
  }

  #retryNote(attempt: string | undefined): void {
    const action = this.currentAction;
    const k = Number(/^(\d+)\//.exec(attempt ?? '')?.[1]);
    if (action !== undefined)
      this.#note({ actionId: action.actionId, phase: 'retry', ...(k > 0 ? { attempt: k } : {}) });
  }

  #fail(reason: string): Terminal {
    this.#terminal = malformed(this.commandId, reason);
    return this.#terminal;
  }

  #settle(json: string): Terminal | undefined {
    const parsed = parseEnvelopeJson(json, this.commandId);
    if (parsed.kind === 'foreign') return undefined;
    this.#terminal = parsed;
    return this.#terminal;
  }
}
