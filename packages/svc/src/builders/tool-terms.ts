// A flat action tool (click, read, wait, ...; an MCP tool or `POST /tools/<name>`) builds a one-action execution,
// which the contracts check: their problems name the execution's paths (`actions[0].params.matcher`). The model
// called `click` with `selector`, so the paths are said again in the tool's own argument names (`selector`), the
// execution path kept beside them. Which argument fills which param is the tool's definition
// (builders/surfaces.ts), the same the builder reads.
import { SvcError } from '../contracts/errors.ts';
import { TOOLS } from './surfaces.ts';

/** The argument of `tool` each param comes from (params that keep their name are not listed). */
function argumentsOfParams(tool: string): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { surface } of TOOLS.get(tool) ?? []) {
    for (const [argument, spec] of Object.entries(surface.arguments)) {
      if (argument !== spec.param) out[spec.param] ??= argument;
    }
  }
  return out;
}

const PARAMS = /^actions\[0\]\.params(?:\.([A-Za-z]+))?(.*)$/;

/** `actions[0].params.matcher.textEquals` → `selector.textEquals`; a path outside the action's params is kept. */
export function argumentPathOf(tool: string, path: string): string {
  const m = PARAMS.exec(path);
  if (!m) return path;
  const [, param, rest = ''] = m;
  if (param === undefined) return rest === '' ? 'arguments' : path;
  return `${argumentsOfParams(tool)[param] ?? param}${rest}`;
}

/** Codes whose details.path names the value at fault: a problem of the input, or a path it may not write. */
const NAMES_A_FIELD = new Set(['EXECUTION_VALIDATION_FAILED', 'PATH_FORBIDDEN']);

/** The contracts' error with every path in the tool's argument names (message, details.path, details.issues). */
export function inToolTerms(tool: string, error: SvcError): SvcError {
  const details = error.details;
  const path = details?.path;
  if (!NAMES_A_FIELD.has(error.code) || typeof path !== 'string') return error;
  const argument = argumentPathOf(tool, path);
  if (argument === path) return error;
  const issues = Array.isArray(details?.issues)
    ? (details.issues as { path?: unknown }[]).map((issue) =>
        typeof issue.path === 'string' ? { ...issue, path: argumentPathOf(tool, issue.path) } : issue,
      )
    : undefined;
  const said = error.message.startsWith(`${path}:`) ? error.message.slice(path.length + 1).trim() : error.message;
  // Param names a contracts message may use in its prose (`give exactly one of matcher or coordinate`).
  const renamed = argumentsOfParams(tool);
  const words = said.replace(/\b[A-Za-z]+\b/g, (word) =>
    Object.hasOwn(renamed, word) ? (renamed[word] as string) : word,
  );
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
