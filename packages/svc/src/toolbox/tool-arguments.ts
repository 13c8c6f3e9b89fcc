// Tool arguments checked against the tool's schema before any device is touched. Every problem names the argument
// by its path (`x`, `orientation`) and says what is allowed; the first one is details.path.
import type { z } from 'zod';
import { SvcError } from '../contracts/errors.ts';

function pathOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'arguments';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

export function parseToolArguments<I>(tool: string, schema: z.ZodType<I>, raw: unknown): I {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => {
    const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    if (unknownKeys.length > 0) {
      return {
        path: pathOf([...issue.path, unknownKeys[0] as string]),
        message: `unknown argument (${unknownKeys.join(', ')})`,
      };
    }
    return { path: pathOf(issue.path), message: issue.message };
  });
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return failWith(
    new SvcError(
      'EXECUTION_VALIDATION_FAILED',
      `Invalid arguments for ${tool}: ${first?.path}: ${first?.message}${more}.`,
      {
        tool,
        path: first?.path ?? 'arguments',
        issues: issues.slice(0, 10),
      },
    ),
  );
}

function failWith(error: SvcError): never {
  throw error;
}
