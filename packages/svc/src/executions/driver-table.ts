// What a driver does with each action type, as one complete table per driver: every type has an entry, either what
// the driver runs it with or `Unsupported` with the code and reason it is refused by. A new action type a driver has
// no entry for is a compile error, and every driver refuses an unsupported action the same way (refuseUnsupported),
// before any device command, so an execution is never half done for that reason.
import { type ErrorCode, SvcError } from '../contracts/errors.ts';
import type { ActionOf, ActionType, DriverName, ValidExecution } from '../contracts/types.ts';

/** An action type this driver cannot do: refused whole, with this code and reason. */
export interface Unsupported {
  readonly unsupported: true;
  readonly code: ErrorCode;
  /** Completes "<type> …": `needs the operator app; the adb driver has no on-screen log panel`. */
  readonly why: string;
}

export const unsupported = (code: ErrorCode, why: string): Unsupported => ({ unsupported: true, code, why });

export const isUnsupported = (entry: object): entry is Unsupported =>
  (entry as Partial<Unsupported>).unsupported === true;

/** Where a refused action sits, for the error: its path in the execution and the facts every refusal names. */
export interface RefusalSite {
  readonly path: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/** An entry a driver can run, which may still refuse one action for its params (text adb cannot type). */
export interface Supported<T extends ActionType> {
  refuse?(action: ActionOf<T>, site: RefusalSite): SvcError | undefined;
}

/** A driver's complete table: for each action type, its own entry type or Unsupported. */
export type DriverTable<E extends { readonly [T in ActionType]: Supported<T> }> = {
  readonly [T in ActionType]: E[T] | Unsupported;
};

/** Any driver's table, as the refusal walk reads it. */
export type AnyDriverTable = { readonly [T in ActionType]: Supported<T> | Unsupported };

/** The entry of one action in a table, typed by the action's own type. */
export function entryOf<T extends ActionType, E extends { readonly [K in ActionType]: unknown }>(
  table: E,
  action: ActionOf<T>,
): E[T] {
  return table[action.type];
}

/** Each action with its type as a type parameter, so a table's entry and the action it gets agree. */
function refusalOf<T extends ActionType>(
  table: AnyDriverTable,
  action: ActionOf<T>,
  site: RefusalSite,
): SvcError | undefined {
  // A type no definition describes never passed validation; a driver has no entry for it.
  const entry: AnyDriverTable[T] | undefined = entryOf(table, action);
  if (entry === undefined) {
    return new SvcError('EXECUTION_ACTION_UNSUPPORTED', `${site.path}: unknown action type ${action.type}.`, {
      ...site.details,
    });
  }
  if (isUnsupported(entry)) {
    return new SvcError(entry.code, `${site.path} (${action.id}): ${action.type} ${entry.why}. Nothing was run.`, {
      ...site.details,
    });
  }
  return entry.refuse?.(action, site);
}

/**
 * The first action of the execution the table refuses, as an error naming its path, the driver and a hint;
 * undefined when the driver can do every action.
 */
export function refuseUnsupported(
  driver: DriverName,
  table: AnyDriverTable,
  execution: ValidExecution,
): SvcError | undefined {
  for (const [i, action] of execution.actions.entries()) {
    const path = `actions[${i}]`;
    const refused = refusalOf(table, action, {
      path,
      details: { path, actionId: action.id, actionType: action.type, driver },
    });
    if (refused !== undefined) return refused;
  }
  return undefined;
}
