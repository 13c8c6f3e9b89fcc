// A validated execution as the operator app's parser reads it (AgentCommandParserDefault, AgentCommandParser.kt
// @ v0.5.2; docs/published-operator.md 2.3), and what svc accepts that the parser would reject. A payload the parser
// rejects is dropped whole without an answer (OperatorCommandReceiver.kt:71-91), so svc never sends one: it is refused
// before dispatch, naming the value.
//
// Encoding (same wire for every variant):
// - scroll_and_click's target travels as `matcher`, the only key the parser reads (Parser:128-131);
// - a retry object travels complete: the parser starts a given object from one attempt and no delay
//   (Parser:286-309), while svc's rule is that a missing field keeps the action's preset, so svc fills them in.
import { definitionOf } from './actions/index.ts';
import { SvcError } from './errors.ts';
import { javaRegexProblem } from './java-regex.ts';
import { isSpecKey, SPEC_KEYS } from './keys.ts';
import { RETRY_PRESETS } from './limits.ts';
import type { OperatorVariant } from './operator-variants.ts';
import { type Retry, type RetryPresetName, retryPolicyOf } from './retry.ts';
import type { Action, Execution } from './types.ts';

/** scroll_and_click's two retry objects and their presets. */
const PHASE_RETRIES: Readonly<Record<string, RetryPresetName>> = { scrollRetry: 'UiScroll', clickRetry: 'UiReadiness' };

/** An action as it travels: its params under the parser's names. */
export interface WireAction {
  readonly id: string;
  readonly type: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

export type WireExecution = Omit<Execution, 'actions'> & { readonly actions: readonly WireAction[] };

export function encodeForOperator(execution: Execution): WireExecution {
  return { ...execution, actions: execution.actions.map(encodeAction) };
}

function encodeAction(action: Action): WireAction {
  if (action.params === undefined) return action;
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(action.params as Readonly<Record<string, unknown>>)) {
    const name = action.type === 'scroll_and_click' && key === 'target' ? 'matcher' : key;
    const preset = key === 'retry' ? definitionOf(action.type).retry : PHASE_RETRIES[key];
    params[name] = preset !== undefined && typeof value === 'object' ? complete(value as Retry, preset) : value;
  }
  return { ...action, params };
}

function complete(retry: Retry, preset: RetryPresetName): Retry {
  return retryPolicyOf(retry, preset in RETRY_PRESETS ? preset : 'None');
}

/** The parser's own limits beyond svc's (Parser:36-37,212,224,243,341-342; UTF-16 lengths). */
const PARSER_MAX = { text: 512, uri: 2048, applicationId: 512, expectedPackage: 512, sessionId: 128 } as const;
const INT_MAX = 2_147_483_647;

/** Where an action sits in its execution (its path), and the facts a refusal names. */
export interface ActionSite {
  readonly path: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/** A value of `action` the variant's parser would reject: an error naming its path, else undefined. */
export function parserRefusal(action: Action, variant: OperatorVariant, site: ActionSite): SvcError | undefined {
  const problem = parserProblem(action, variant);
  if (problem === undefined) return undefined;
  const path = `${site.path}.params.${problem.field}`;
  const outcome = problem.outcome ?? 'the operator app would drop the whole execution unanswered';
  return new SvcError(
    'EXECUTION_VALIDATION_FAILED',
    `${path} (${action.id}): ${problem.why}; ${outcome}. Nothing was run.`,
    { ...site.details, path, expected: problem.expected, operator: variant.brand, ...problem.details },
    problem.hint,
  );
}

interface ParserProblem {
  field: string;
  why: string;
  expected: string;
  /** What the app would do instead of running it as asked (default: drop the whole execution unanswered). */
  outcome?: string;
  hint?: string;
  details?: Record<string, unknown>;
}

function parserProblem(action: Action, variant: OperatorVariant): ParserProblem | undefined {
  const p: Readonly<Record<string, unknown>> = action.params ?? {};
  // The app's read_key_value_pair has no `all`: its parser reads labelMatcher and retry only (AgentCommandParser.kt
  // :185-190 @ v0.5.2) and the engine returns the one pair it finds (UiActionEngine.kt:158-186).
  if (action.type === 'read_key_value_pair' && p.all === true) {
    return {
      field: 'all',
      why: `${variant.title} reads one pair: it ignores \`all\``,
      expected: 'all left out (the first pair)',
      outcome: 'it would return the first pair only, as if all were every pair',
      hint: 'Run it with --driver adb (HTTP and MCP: driver "adb"), which returns every pair, or leave `all` out for the first pair.',
    };
  }
  // It compiles validatorPattern with java.util.regex while parsing (AgentCommandParser.kt:191-205).
  if (action.type === 'read_text' && typeof p.validatorPattern === 'string') {
    const java = javaRegexProblem(p.validatorPattern);
    if (java !== undefined) {
      return {
        field: 'validatorPattern',
        why: `${java.construct} (at ${java.index}) is not Java's regular expression syntax, which the operator app compiles it with: ${java.why}`,
        expected: "a regular expression in Java's syntax",
        hint: "Write the pattern in Java's syntax, which the operator app compiles it with; the adb driver (--driver adb) also takes JavaScript's.",
        details: { construct: java.construct, index: java.index },
      };
    }
  }
  for (const field of Object.keys(PARSER_MAX) as (keyof typeof PARSER_MAX)[]) {
    const value = p[field];
    const max = PARSER_MAX[field];
    if (typeof value === 'string' && value.length > max) {
      return { field, why: `${value.length} characters are more than the ${max} it takes`, expected: `at most ${max}` };
    }
  }
  if (action.type === 'enter_text' && typeof p.text === 'string' && p.text.trim() === '') {
    return { field: 'text', why: 'text of blanks only is refused by the operator app', expected: 'a non-blank text' };
  }
  if (action.type === 'press_key' && typeof p.key === 'string' && variant.pressKeys === 'spec' && !isSpecKey(p.key)) {
    return {
      field: 'key',
      why: `${variant.title} presses only ${SPEC_KEYS.join(', ')}, not "${p.key}": press it with the adb driver (--driver adb), which sends any key`,
      expected: SPEC_KEYS.join(', '),
    };
  }
  const coordinate = p.coordinate as { x?: unknown; y?: unknown } | undefined;
  for (const axis of ['x', 'y'] as const) {
    const v = coordinate?.[axis];
    if (typeof v === 'number' && v > INT_MAX) {
      return { field: `coordinate.${axis}`, why: `${v} is beyond ${INT_MAX}`, expected: `0 to ${INT_MAX}` };
    }
  }
  return undefined;
}
