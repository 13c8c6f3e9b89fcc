// A flat action tool (click, read, wait, ...) builds a one-action execution, which the contracts check: their
// problems name the execution's paths (`actions[0].params.matcher`). The model called `click` with `selector`, so
// the paths are said again in the tool's own argument names (`selector`), the execution path kept beside them.
import { SvcError } from '../contracts/errors.ts';

/** The action param each tool argument becomes, reversed (params that keep their name are not listed). */
const ARGUMENT_OF_PARAM: Readonly<Record<string, string>> = {
  matcher: 'selector',
  target: 'selector',
  expectedNode: 'selector',
  labelMatcher: 'label',
  expectedPackage: 'app',
  applicationId: 'target',
  uri: 'target',
  clickAfter: 'click',
};

/** Param names a contracts message may use in its prose (`give exactly one of matcher or coordinate`). */
const PARAM_WORDS = /\b(matcher|expectedNode|expectedPackage|labelMatcher|clickAfter)\b/g;

const PARAMS = /^actions\[0\]\.params(?:\.([A-Za-z]+))?(.*)$/;

/** `actions[0].params.matcher.textEquals` → `selector.textEquals`; a path outside the action's params is kept. */
export function argumentPathOf(path: string): string {
  const m = PARAMS.exec(path);
  if (!m) return path;
  const [, param, rest = ''] = m;
  if (param === undefined) return rest === '' ? 'arguments' : path;
  return `${ARGUMENT_OF_PARAM[param] ?? param}${rest}`;
}

/** Codes whose details.path names the value at fault: a problem of the input, or a path it may not write. */
const NAMES_A_FIELD = new Set(['EXECUTION_VALIDATION_FAILED', 'PATH_FORBIDDEN']);

/** The contracts' error with every path in the tool's argument names (message, details.path, details.issues). */
export function inToolTerms(tool: string, error: SvcError): SvcError {
  const details = error.details;
  const path = details?.path;
  if (!NAMES_A_FIELD.has(error.code) || typeof path !== 'string') return error;
  const argument = argumentPathOf(path);
  if (argument === path) return error;
  const issues = Array.isArray(details?.issues)
    ? (details.issues as { path?: unknown }[]).map((issue) =>
        typeof issue.path === 'string' ? { ...issue, path: argumentPathOf(issue.path) } : issue,
      )
    : undefined;
  const said = error.message.startsWith(`${path}:`) ? error.message.slice(path.length + 1).trim() : error.message;
  const words = said.replace(PARAM_WORDS, (word) => ARGUMENT_OF_PARAM[word] ?? word);
  const message =
    error.code === 'EXECUTION_VALIDATION_FAILED'
      ? `Invalid arguments for ${tool}: ${argument}: ${words}`
      : `${argument}: ${words}`;
  return new SvcError(
    error.code,
    message,
    { ...details, tool, path: argument, executionPath: path, ...(issues === undefined ? {} : { issues }) },
    error.hint,
  );
}
