// A flat command (click, wait, sleep, scroll-until, ...) builds a one-action execution, which the contracts check:
// their problems name the execution's paths (`actions[0].params.maxScrolls`, `timeoutMs`). The user typed flags and
// arguments, so each path is said again as what they typed (`--max-scrolls`, `--timeout`, `duration-ms`), the
// execution's path kept beside it in `executionPath`. A problem of the execution's timeout that the command worked
// out from the user's values (wait, sleep: their time plus room) says so, and comes after the problems of those values.
import type { FlagBag } from '../builders/flag-values.ts';
import { CONTAINER_FLAGS, ELEMENT_FLAGS } from '../builders/selector.ts';
import { SvcError } from '../contracts/errors.ts';

type FlagTable = ReadonlyArray<{ readonly keys: readonly string[]; readonly field: string }>;

const LABEL_FLAGS: FlagTable = [
  { keys: ['label', 'labelText', 'text'], field: 'textEquals' },
  { keys: ['labelId', 'id', 'resourceId'], field: 'resourceId' },
  { keys: ['labelDesc', 'desc', 'contentDesc'], field: 'contentDescEquals' },
  { keys: ['labelRef'], field: 'ref' },
];

/** Matcher params and the flags that fill them: the JSON flag, then the shorthand table. */
const MATCHER_PARAMS: Readonly<Record<string, { json: string; table: FlagTable }>> = {
  matcher: { json: 'selector', table: ELEMENT_FLAGS },
  target: { json: 'selector', table: ELEMENT_FLAGS },
  expectedNode: { json: 'selector', table: ELEMENT_FLAGS },
  container: { json: 'containerSelector', table: CONTAINER_FLAGS },
  labelMatcher: { json: 'selector', table: LABEL_FLAGS },
};

/** Params that come from a positional argument, by the argument's name in the usage line (as `exec` names its own). */
const ARGUMENT_PARAMS: Readonly<Record<string, string>> = {
  durationMs: 'duration-ms',
  applicationId: 'package-or-uri',
  uri: 'package-or-uri',
  key: 'key',
  direction: 'direction',
};

/** Verbs whose execution timeout is worked out from the user's own time (SPEC 4.4's flat command rules). */
const DERIVED_TIMEOUT: Readonly<Record<string, string>> = {
  wait: '--timeout plus 5000 ms, at least 30000',
  'wait-for-nav': '--timeout plus 5000 ms, at least 30000',
  sleep: 'the duration plus 5000 ms, or --timeout, at least 30000',
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const given = (flags: FlagBag, key: string) => flags[key] !== undefined && flags[key] !== false;

function matcherFlag(flags: FlagBag, param: string, field: string | undefined): string | undefined {
  const source = MATCHER_PARAMS[param];
  if (source === undefined) return undefined;
  if (given(flags, source.json)) return `--${kebab(source.json)}`;
  const rows = source.table.filter((row) => field === undefined || row.field === field);
  const key = rows.flatMap((row) => row.keys).find((k) => given(flags, k));
  return key === undefined ? undefined : `--${kebab(key)}`;
}

/** What the user typed for an execution path, or undefined when the path is not theirs to name. */
export function flagOf(verb: string, path: string, flags: FlagBag): string | undefined {
  if (path === 'timeoutMs') return verb === 'sleep' && !given(flags, 'timeout') ? 'duration-ms' : '--timeout';
  const m = /^actions\[0\]\.params\.([A-Za-z]+)(?:\.([A-Za-z]+))?/.exec(path);
  if (!m) return undefined;
  const [, param = '', field] = m;
  if (param in MATCHER_PARAMS) return matcherFlag(flags, param, field);
  if (param === 'timeoutMs') return '--timeout';
  if (param === 'expectedPackage') return '--app';
  if (param === 'clickType') return ['focus', 'long'].filter((k) => given(flags, k)).map((k) => `--${k}`)[0];
  if (param in ARGUMENT_PARAMS) return ARGUMENT_PARAMS[param];
  return given(flags, param) ? `--${kebab(param)}` : undefined;
}

interface Issue {
  path?: unknown;
  message?: unknown;
  [key: string]: unknown;
}

/** The contracts' validation error of a flat command, in the command's own words (flags and arguments). */
export function inFlagTerms(verb: string, error: SvcError, flags: FlagBag): SvcError {
  if (error.code !== 'EXECUTION_VALIDATION_FAILED') return error;
  const derived = DERIVED_TIMEOUT[verb];
  const said = (issue: Issue): Issue => {
    if (typeof issue.path !== 'string') return issue;
    const flag = flagOf(verb, issue.path, flags);
    if (flag === undefined) return issue;
    const why = issue.path === 'timeoutMs' && derived !== undefined ? ` (the execution's timeout: ${derived})` : '';
    const message = String(issue.message ?? '').replace(/\b(?:a )?matcher\b/g, 'a selector');
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
