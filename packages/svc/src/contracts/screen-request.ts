// How a caller asks for screens with a run, on every surface (MCP arguments, HTTP and daemon body fields, CLI flags):
// `screen` full (the compact screen after the run, whole), diff (only what changed since this client's last read,
// when that is shorter) or none; `maxChars` / `maxElements` cap it (0: no cap); `client` names whose last read the
// changes and refs follow. With a screen asked for, snapshot steps come back compact too. Pure: no I/O.
import { fail, isPlainObject, toValidationError, ValidationIssue } from './validation-issue.ts';

export const SCREEN_FORMS = ['full', 'diff', 'none'] as const;
export type ScreenChoice = (typeof SCREEN_FORMS)[number];

export interface ScreenBudget {
  maxChars?: number | undefined;
  maxElements?: number | undefined;
}

export interface ScreenRequest {
  form: 'full' | 'diff';
  /** Whose last read: `''` the device's shared one, else `[A-Za-z0-9_-]{1,64}`. */
  client: string;
  budget?: ScreenBudget | undefined;
}

export const SCREEN_LIMITS = { maxChars: 1_000_000, maxElements: 10_000 } as const;

const CLIENT_KEY = /^[A-Za-z0-9_-]{0,64}$/;

/** The raw fields, as a body or a tool call gives them. */
export interface ScreenFields {
  screen?: unknown;
  maxChars?: unknown;
  maxElements?: unknown;
  client?: unknown;
}

export const SCREEN_FIELD_NAMES = ['screen', 'maxChars', 'maxElements', 'client'] as const;

function count(value: unknown, name: keyof typeof SCREEN_LIMITS): number | undefined {
  if (value === undefined) return undefined;
  const max = SCREEN_LIMITS[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    fail(name, `${name} must be an integer 0 to ${max} (0: no limit).`, `integer 0 to ${max}`);
  }
  return value;
}

/**
 * The request the fields make, or undefined for none. `defaults.screen` applies when `screen` is not given (a tool
 * that shows the screen by default); the budget fields alone ask for nothing. A bad field is
 * EXECUTION_VALIDATION_FAILED naming it (`screen`, `maxChars`, ...).
 */
export function screenRequestOf(
  fields: ScreenFields,
  defaults: { screen?: ScreenChoice; client?: string } = {},
): ScreenRequest | undefined {
  try {
    return readScreenFields(fields, defaults);
  } catch (error) {
    throw error instanceof ValidationIssue ? toValidationError(error) : error;
  }
}

function readScreenFields(
  fields: ScreenFields,
  defaults: { screen?: ScreenChoice; client?: string },
): ScreenRequest | undefined {
  const choice = fields.screen ?? defaults.screen ?? 'none';
  if (typeof choice !== 'string' || !(SCREEN_FORMS as readonly string[]).includes(choice)) {
    fail('screen', `screen must be one of ${SCREEN_FORMS.join(', ')}.`, SCREEN_FORMS.join(' | '));
  }
  const maxChars = count(fields.maxChars, 'maxChars');
  const maxElements = count(fields.maxElements, 'maxElements');
  const client = fields.client ?? defaults.client ?? '';
  if (typeof client !== 'string' || !CLIENT_KEY.test(client)) {
    fail('client', 'client must be up to 64 letters, digits, _ or -.', '[A-Za-z0-9_-]{0,64}');
  }
  if (choice === 'none') return undefined;
  const budget = maxChars === undefined && maxElements === undefined ? undefined : { maxChars, maxElements };
  return { form: choice as 'full' | 'diff', client, ...(budget === undefined ? {} : { budget }) };
}

/** The fields that say `request` again (what the CLI sends its device's daemon). */
export function screenFieldsOf(request: ScreenRequest | undefined): Record<string, unknown> {
  if (request === undefined) return {};
  return {
    screen: request.form,
    ...(request.client === '' ? {} : { client: request.client }),
    ...(request.budget?.maxChars === undefined ? {} : { maxChars: request.budget.maxChars }),
    ...(request.budget?.maxElements === undefined ? {} : { maxElements: request.budget.maxElements }),
  };
}

/** The screen fields of a JSON object (a body), as given. */
export function pickScreenFields(body: unknown): ScreenFields {
  if (!isPlainObject(body)) return {};
  return Object.fromEntries(SCREEN_FIELD_NAMES.filter((k) => Object.hasOwn(body, k)).map((k) => [k, body[k]]));
}
