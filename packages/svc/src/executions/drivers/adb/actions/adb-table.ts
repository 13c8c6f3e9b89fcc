// The shape of the adb driver's table and of its parts: each runner file of this folder exports the entries of the
// action types it runs (`KEY_ACTIONS = { press_key: { run: pressKey } } satisfies AdbEntries`), and index.ts spreads
// the parts into the one table, which the compiler holds complete by type.
import type { ActionType } from '../../../../contracts/types.ts';
import type { DriverTable, Supported } from '../../../driver-table.ts';
import type { ActionRunner } from '../step.ts';

/** How the adb driver runs one action type (its retry preset comes from the action's definition). */
export interface AdbAction<T extends ActionType> extends Supported<T> {
  run: ActionRunner<T>;
}

export type AdbTable = DriverTable<{ readonly [T in ActionType]: AdbAction<T> }>;

/** The entries one runner file adds to the table: a typo in a type's name or a runner of another type fails here. */
export type AdbEntries = Partial<AdbTable>;
