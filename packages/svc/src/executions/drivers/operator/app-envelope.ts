// The published operator's failure envelopes, in svc's terms. When an action throws, or the operator's own deadline
// passes, the app answers `failed` with no steps and a sentence (AgentCommandExecutorDefault.kt:71-105 @ v0.5.2).
// svc keeps what the operator's log says of the steps that ran (`[UiActionEngine] step_start` / `step_success`, in
// order) and names the step the execution ended in:
// - `Task execution failed: <message>` → errorCode ACTION_FAILED; the failed step with the code its message names;
// - `Agent command timed out after <n>ms` → errorCode EXECUTION_TIMEOUT; the running step failed with it.
// A step that returned before is rebuilt from its `step_success … data=<map>` line (a Kotlin map's text,
// UiActionEngine.kt:75-79): its data when every entry reads back as a key that action reports, no key twice; else
// its data cannot be told apart and is left empty (docs/decisions.md OP-6 says what is lost). When the step lines
// cannot be believed (envelope-collector.ts: a text the operator logged copies them), or the started actions are not
// the plan's first ones in order (a long read cut into records can add step lines of an action that never ran), no
// step is rebuilt.
import {
  FATAL_ERROR_PREFIX,
  FATAL_FAILURE_CODE,
  fatalStepCode,
  OPERATOR_TIMEOUT_TEXT,
} from '../../../contracts/fatal-failures.ts';
import type { Action, Execution, ResultEnvelope, StepResult } from '../../../contracts/types.ts';
import type { EnvelopeCollector, StepProgress } from './envelope-collector.ts';
import { STEP_DATA_KEYS } from './step-data-keys.ts';

export function interpretAppEnvelope(
  envelope: ResultEnvelope,
  collector: Pick<EnvelopeCollector, 'steps' | 'untrusted'>,
  execution: Execution,
): ResultEnvelope {
  const empty = envelope.stepResults === undefined || envelope.stepResults.length === 0;
  const text = envelope.error ?? '';
  const noCode = envelope.errorCode === undefined || envelope.errorCode === null;
  if (envelope.status !== 'failed' || !empty || !noCode) return envelope;
  const fatal = text.startsWith(FATAL_ERROR_PREFIX);
  const timedOut = OPERATOR_TIMEOUT_TEXT.test(text);
  if (!fatal && !timedOut) return envelope;
  const told = collector.untrusted === undefined && inPlanOrder(collector.steps, execution) ? collector : { steps: [] };
  const steps = stepsThatReturned(told, execution);
  const running = runningAction(told, execution);
  if (running !== undefined) {
    const message = fatal ? text.slice(FATAL_ERROR_PREFIX.length) : `${text} during this step`;
    const code = fatal ? fatalStepCode(message) : 'EXECUTION_TIMEOUT';
    steps.push({ id: running.id, actionType: running.type, success: false, data: { error: code, message } });
  }
  return { ...envelope, stepResults: steps, errorCode: fatal ? FATAL_FAILURE_CODE : 'EXECUTION_TIMEOUT' };
}

/**
 * The operator runs the plan's actions in order, one `step_start` each (UiActionEngine.kt:31-35 @ v0.5.2). Started
 * actions that are not the plan's first ones in that order were (at least in part) cut out of a text it logged.
 */
function inPlanOrder(steps: readonly StepProgress[], execution: Execution): boolean {
  return steps.every((step, i) => execution.actions[i]?.id === step.actionId);
}

function actionOf(execution: Execution, actionId: string): Action | undefined {
  return execution.actions.find((action) => action.id === actionId);
}

/** The action that started last and never returned: the one the execution ended in. */
function runningAction(collector: Pick<EnvelopeCollector, 'steps'>, execution: Execution): Action | undefined {
  const last = collector.steps.at(-1);
  return last === undefined || last.returned !== undefined ? undefined : actionOf(execution, last.actionId);
}

function stepsThatReturned(collector: Pick<EnvelopeCollector, 'steps'>, execution: Execution): StepResult[] {
  const steps: StepResult[] = [];
  for (const progress of collector.steps) {
    const action = actionOf(execution, progress.actionId);
    if (progress.returned === undefined || action === undefined) continue;
    const data = readKotlinMap(progress.returned, STEP_DATA_KEYS[action.type] ?? 'any');
    const success = data === undefined ? !/(?:^\{|, )error=[A-Z_]+(?:, |\}$)/.test(progress.returned) : !data.error;
    steps.push({ id: action.id, actionType: action.type, success, data: data ?? {} });
  }
  return steps;
}

/** Any key, for a type without a list of its keys (svc's extensions, which only svc's own operator runs). */
const ANY_KEY = '[A-Za-z_][A-Za-z0-9_]*';

/**
 * `{key=value, key=value}` back into a map, when that can be done exactly: the map starts with a key the action
 * reports, an entry starts only where `, <such a key>=` does (so a value may hold `, ` and other words: "Welcome,
 * alice", a matcher's description), and no key comes twice. Undefined otherwise. What it cannot tell: a value that
 * itself holds `, <a key of that action>=` while the map has no such entry. With `any` key, every `, <word>=` starts
 * an entry: right for values without that in them (coordinates, counts, names).
 */
export function readKotlinMap(text: string, keys: readonly string[] | 'any'): Record<string, string> | undefined {
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  const inner = text.slice(1, -1);
  if (inner === '') return {};
  const names = keys === 'any' ? ANY_KEY : keys.map((key) => key.replace(/[^A-Za-z0-9_]/g, '\\$&')).join('|');
  const starts = [...inner.matchAll(new RegExp(`(?:^|, )(${names})=`, 'g'))];
  if (starts[0]?.index !== 0) return undefined;
  const data: Record<string, string> = {};
  for (const [i, start] of starts.entries()) {
    const key = start[1] as string;
    if (Object.hasOwn(data, key)) return undefined;
    data[key] = inner.slice(start.index + start[0].length, starts[i + 1]?.index ?? inner.length);
  }
  return data;
}
