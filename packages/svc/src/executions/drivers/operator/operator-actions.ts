// What the operator driver does with each action type: it sends the whole execution to the app on the device, so an
// entry is either "the app runs it" or Unsupported. svc's own operator app runs every action type. An operator whose
// set is smaller (an app of another variant or an older version) gets its own table from operatorActionsOf, so the
// actions it lacks are refused before the broadcast, as every driver refuses them, instead of failing on the device.
import type { OperatorVariant } from '../../../contracts/operator-variants.ts';
import { parserRefusal } from '../../../contracts/operator-wire.ts';
import { ACTION_TYPES, type ActionType } from '../../../contracts/types.ts';
import { type DriverTable, type Supported, type Unsupported, unsupported } from '../../driver-table.ts';

/** The app runs the action (nothing to do on the host beyond sending it), unless its parser would drop the value. */
export type OperatorAction = Supported<ActionType>;

export type OperatorTable = DriverTable<{ readonly [T in ActionType]: OperatorAction }>;

const RUNS: OperatorAction = {};

/**
 * The table of an operator app that runs `supported` (every action type when 'all'); any other type is refused with
 * EXECUTION_ACTION_UNSUPPORTED and `why`.
 */
export function operatorActionsOf(
  supported: 'all' | ReadonlySet<string>,
  why = 'is not supported by this operator app',
  runs: OperatorAction = RUNS,
): OperatorTable {
  const refused: Unsupported = unsupported('EXECUTION_ACTION_UNSUPPORTED', why);
  return Object.fromEntries(
    ACTION_TYPES.map((type) => [type, supported === 'all' || supported.has(type) ? runs : refused]),
  ) as OperatorTable;
}

const TABLES = new Map<OperatorVariant, OperatorTable>();

/**
 * The table of one operator variant (contracts/operator-variants.ts): the action types its parser takes, each refusing
 * a value that parser would drop the whole payload for (it would never answer).
 */
export function operatorActionsOfVariant(variant: OperatorVariant): OperatorTable {
  let table = TABLES.get(variant);
  if (table === undefined) {
    const why = `is not one of the actions of ${variant.title}; the app would drop the whole execution unanswered`;
    table = operatorActionsOf(variant.actions, why, { refuse: (action, site) => parserRefusal(action, variant, site) });
    TABLES.set(variant, table);
  }
  return table;
}
