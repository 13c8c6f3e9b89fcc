// A flat command (click, wait, sleep, scroll-until, ...) builds a one-action execution, which the contracts check:
// their problems name the execution's paths (`actions[0].params.maxScrolls`, `timeoutMs`). The user typed flags and
// arguments, so each path is said again as what they typed (`--max-scrolls`, `--timeout`, `duration-ms`), the
// execution's path kept beside it in `executionPath`. Which flag fills which param is read off the command's inputs
// in its action's definition (builders/surfaces.ts), the same the builder reads. A problem of the execution's
// timeout that the command worked out from the user's values (wait, sleep: their time plus room) says so, and comes
// after the problems of those values.
import type { FlagBag } from '../builders/flag-values.ts';
import { SELECTOR_FLAG_SETS } from '../builders/selector.ts';
import { CHORE_COMMANDS, CLI_COMMANDS, flagKey, flagSpelling } from '../builders/surfaces.ts';
import type { CliInput } from '../contracts/actions/define.ts';
import { SvcError } from '../contracts/errors.ts';

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const given = (flags: FlagBag, key: string) => flags[key] !== undefined && flags[key] !== false;

/** Every input of the command (all the action types it builds, or its chore's). */
const inputsOf = (key: string): readonly CliInput[] =>
  CHORE_COMMANDS.get(key)?.cli.inputs ?? (CLI_COMMANDS.get(key) ?? []).flatMap(({ surface }) => surface.inputs);

/** How the command works out the execution's timeout from the user's own time, if it does (SPEC 4.4). */
function derivedTimeout(key: string): string | undefined {
  const bound = CLI_COMMANDS.get(key) ?? [];
  if (bound.some(({ surface }) => surface.inputs.some((input) => input.kind === 'timeout'))) {
    return '--timeout plus 5000 ms, at least 30000';
  }
  if (bound.some(({ definition }) => definition.builtTimeout === 'sleep')) {
    return 'the duration plus 5000 ms, or --timeout, at least 30000';
  }
  return undefined;
}

function selectorFlag(flags: FlagBag, input: CliInput & { kind: 'selector' }, field: string | undefined) {
  const { json, table } = SELECTOR_FLAG_SETS[input.flags];
  if (json !== undefined && given(flags, json)) return `--${kebab(json)}`;
  const rows = table.filter((row) => field === undefined || row.field === field);
  const key = rows.flatMap((row) => row.keys).find((k) => given(flags, k));
  return key === undefined ? undefined : `--${kebab(key)}`;
}

/** What the user typed for a param of the command's action, or undefined when no input of theirs fills it. */
function flagOfParam(key: string, param: string, field: string | undefined, flags: FlagBag): string | undefined {
  const inputs = inputsOf(key).filter((input) => input.kind !== 'option' && input.param === param);
  const switches = inputs.filter((input) => input.kind === 'switch' && given(flags, flagKey(input.flag)));
  for (const input of inputs) {
    switch (input.kind) {
      case 'selector': {
        const flag = selectorFlag(flags, input, field);
        if (flag !== undefined) return flag;
        break;
      }
      case 'flag':
      case 'coordinate':
        return flagSpelling(input.flag);
      case 'switch':
        if (switches[0]?.kind === 'switch') return flagSpelling(switches[0].flag);
        break;
      case 'argument':
        return input.flag !== undefined && given(flags, flagKey(input.flag.flag))
          ? flagSpelling(input.flag.flag)
          : input.name;
      case 'timeout':
        return '--timeout';
    }
  }
  return undefined;
}

/** What the user typed for an execution path, or undefined when the path is not theirs to name. */
export function flagOf(key: string, path: string, flags: FlagBag): string | undefined {
  if (path === 'timeoutMs') {
    const duration = inputsOf(key).find((input) => input.kind === 'argument' && input.param === 'durationMs');
    return duration?.kind === 'argument' && !given(flags, 'timeout') ? duration.name : '--timeout';
  }
  // A chore's params are its whole input: their paths are the params' own names.
  const params = CHORE_COMMANDS.has(key)
    ? /^([A-Za-z]+)(?:\.([A-Za-z]+))?/
    : /^actions\[0\]\.params\.([A-Za-z]+)(?:\.([A-Za-z]+))?/;
  const m = params.exec(path);
  if (!m) return undefined;
  const [, param = '', field] = m;
  return flagOfParam(key, param, field, flags);
}

interface Issue {
  path?: unknown;
  message?: unknown;
  [key: string]: unknown;
}

/** The contracts' validation error of a flat command, in the command's own words (flags and arguments). */
export function inFlagTerms(key: string, error: SvcError, flags: FlagBag): SvcError {
  if (error.code !== 'EXECUTION_VALIDATION_FAILED') return error;
  const derived = derivedTimeout(key);
  const said = (issue: Issue): Issue => {
    if (typeof issue.path !== 'string') return issue;
    const flag = flagOf(key, issue.path, flags);
    if (flag === undefined) return issue;
    const why = issue.path === 'timeoutMs' && derived !== undefined ? ` (the execution's timeout: ${derived})` : '';
    const message = String(issue.message ?? '')
      .replace(/\ba matcher\b/g, 'a selector')
      .replace(/\bmatcher\b/g, 'selector');
    return { ...issue, path: flag, executionPath: issue.path, message: `${message}${why}` };
  };
  const listed = Array.isArray(error.details?.issues) ? (error.details.issues as Issue[]) : [];
  const issues = listed.map(said);
  // The derived timeout follows from the values the user typed: their own problems are told first.
  if (derived !== undefined)
    issues.sort((a, b) => Number(a.executionPath === 'timeoutMs') - Number(b.executionPath === 'timeoutMs'));
  const first = issues[0];
  if (first === undefined || first.executionPath === undefined) return error;
  const { path: _p, expected: _e, actionId: _i, actionType: _t, issues: _l, ...kept } = error.details ?? {};
  const { path, executionPath, message, ...facts } = first;
  const others = issues.length - 1 + (typeof kept.moreIssues === 'number' ? kept.moreIssues : 0);
  const more = others > 0 ? ` (and ${others} more problem${others > 1 ? 's' : ''}: details.issues)` : '';
  return new SvcError(
    error.code,
    `${String(path)}: ${String(message)}${more}`,
    { ...kept, ...facts, path, executionPath, issues },
    error.hint,
  );
}
