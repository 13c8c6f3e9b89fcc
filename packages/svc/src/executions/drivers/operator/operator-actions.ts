// What the operator driver does with each action type: it sends the whole execution to the app on the device, so an
// entry is either "the app runs it" or Unsupported. svc's own operator app runs every action type. An operator whose
// set is smaller (an app of another variant or an older version) gets its own table from operatorActionsOf, so the
// actions it lacks are refused before the broadcast, as every driver refuses them, instead of failing on the device.
import { ACTION_TYPES, type ActionType } from '../../../contracts/types.ts';
import { type DriverTable, type Unsupported, unsupported } from '../../driver-table.ts';

/** The app runs the action (nothing to do on the host beyond sending it). */
export type OperatorAction = Readonly<Record<never, never>>;

export type OperatorTable = DriverTable<{ readonly [T in ActionType]: OperatorAction }>;

const RUNS: OperatorAction = {};

/**
 * The table of an operator app that runs `supported` (every action type when 'all'); any other type is refused with
 * EXECUTION_ACTION_UNSUPPORTED and `why`.
 */
export function operatorActionsOf(
  supported: 'all' | ReadonlySet<ActionType>,
  why = 'is not supported by this operator app',
): OperatorTable {
  const refused: Unsupported = unsupported('EXECUTION_ACTION_UNSUPPORTED', why);
  return Object.fromEntries(
    ACTION_TYPES.map((type) => [type, supported === 'all' || supported.has(type) ? RUNS : refused]),
  ) as OperatorTable;
}

/** svc's own operator app (`com.svc.operator`, `.dev`): every action type. */
export const SVC_OPERATOR_ACTIONS: OperatorTable = operatorActionsOf('all');
