// Tool arguments that break a tool's input schema, said the way an agent can act on: every problem names the
// argument by its path (`selector.bogus`, `timeoutMs`) and says what was wrong and what is allowed. The first
// problem's path is details.path; all of them (bounded) are details.issues.
import type { ErrorObject } from 'ajv';
import { SvcError } from '../contracts/errors.ts';

export interface ArgumentIssue {
  path: string;
  message: string;
}

const MAX_ISSUES = 10;

/** `/selector/0/x` → `selector[0].x`; the root is `arguments`. */
function pathOf(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (child !== undefined) parts.push(child);
  if (parts.length === 0) return 'arguments';
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * Where a point goes when a caller spells it as loose pixels: the gesture tools of earlier releases took `x`, `y`
 * (and a swipe `x1`..`y2`); a point is now one argument, as click's coordinate always was.
 */
function pointHint(name: string, properties: readonly string[]): string {
  if ((name === 'x' || name === 'y') && properties.includes('coordinate')) {
    return ' (a point is one argument: coordinate {"x": <px>, "y": <px>})';
  }
  if (/^[xy][12]$/.test(name) && properties.includes('from')) {
    return ' (the points are two arguments: from {"x": <px>, "y": <px>} and to {"x": <px>, "y": <px>})';
  }
  return '';
}

export function issueOf(error: ErrorObject, properties: readonly string[] = []): ArgumentIssue {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const hint = error.instancePath === '' ? pointHint(name, properties) : '';
      return { path: pathOf(error.instancePath, name), message: `unknown argument ${JSON.stringify(name)}${hint}` };
    }
    case 'required': {
      const name = String(params.missingProperty);
      return { path: pathOf(error.instancePath, name), message: 'is required' };
    }
    case 'enum':
      return {
        path: pathOf(error.instancePath),
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    default:
      return { path: pathOf(error.instancePath), message: error.message ?? `fails ${error.keyword}` };
  }
}

/**
 * Ajv reports an anyOf/oneOf failure once per branch, then the combinator itself: keep what names an argument.
 * `properties` are the tool's own arguments (a misplaced name is pointed at the one it belongs in).
 */
export function argumentError(
  tool: string,
  errors: readonly ErrorObject[],
  properties: readonly string[] = [],
): SvcError {
  const seen = new Set<string>();
  const issues: ArgumentIssue[] = [];
  for (const error of errors) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const issue = issueOf(error, properties);
    const key = `${issue.path}\n${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  if (issues.length === 0) issues.push({ path: 'arguments', message: 'do not match the tool schema' });
  const [first] = issues as [ArgumentIssue, ...ArgumentIssue[]];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new SvcError(
    'EXECUTION_VALIDATION_FAILED',
    `Invalid arguments for ${tool}: ${first.path} ${first.message}${more}.`,
    {
      tool,
      path: first.path,
      issues: issues.slice(0, MAX_ISSUES),
      ...(issues.length > MAX_ISSUES ? { moreIssues: issues.length - MAX_ISSUES } : {}),
    },
  );
}
