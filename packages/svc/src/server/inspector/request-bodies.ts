// The body fields of the inspector's API: an execution (validated by the one validator), a selector (matcher and
// optional container, each checked by the NodeMatcher rules) and the fields of a skill to draft or save.
import type { JsonObject } from '../../adapters/http/responses.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { Selector } from '../../contracts/inspector.ts';
import { validateMatcher } from '../../contracts/matcher.ts';
import type { ValidExecution } from '../../contracts/types.ts';
import { normalizeAndValidateExecution } from '../../contracts/validate.ts';
import { isPlainObject, toValidationError, ValidationIssue } from '../../contracts/validation-issue.ts';

export function readExecution(body: JsonObject): ValidExecution {
  if (body.execution === undefined || body.execution === null) {
    throw new SvcError('MISSING_EXECUTION', 'The body has no `execution` object.');
  }
  const outcome = normalizeAndValidateExecution(body.execution);
  if (!outcome.ok) throw outcome.error;
  return outcome.execution;
}

/** A selector `{ matcher, container? }`, or the validation error that names its bad field. */
export function readSelector(raw: unknown, path: string): Selector | SvcError {
  try {
    if (!isPlainObject(raw)) throw new ValidationIssue(path, 'expected { matcher, container? }');
    const unknown = Object.keys(raw).find((key) => key !== 'matcher' && key !== 'container');
    if (unknown !== undefined)
      throw new ValidationIssue(`${path}.${unknown}`, 'unknown key; allowed: matcher, container');
    const matcher = validateMatcher(raw.matcher, `${path}.matcher`);
    if (raw.container === undefined) return { matcher };
    return { matcher, container: validateMatcher(raw.container, `${path}.container`) };
  } catch (error) {
    if (error instanceof ValidationIssue) return toValidationError(error);
    throw error;
  }
}

export interface SkillFields {
  skillId: string;
  summary?: string;
}

export function readSkillFields(body: JsonObject): SkillFields {
  const { skillId, summary } = body;
  if (typeof skillId !== 'string' || skillId.trim() === '') {
    throw new SvcError(
      'EXECUTION_VALIDATION_FAILED',
      'skillId must be a non-empty string, like com.android.settings.open-wifi.',
      {
        path: 'skillId',
      },
    );
  }
  if (summary !== undefined && (typeof summary !== 'string' || summary.trim() === '')) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'summary must be a non-empty string when given.', {
      path: 'summary',
    });
  }
  return summary === undefined ? { skillId } : { skillId, summary };
}
