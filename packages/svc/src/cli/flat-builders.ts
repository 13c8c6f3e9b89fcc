// The flat commands (SPEC 4.4) by name, read off the action definitions (builders/surfaces.ts): the builder that
// turns a command's flags into one execution, and for some what they do to the result before it is printed. The
// command files register each command from here, and the hot path (hot-path.ts) runs the same entries without
// loading commander: one table, so the two never differ.

import type { FlagBag } from '../builders/flag-values.ts';
import { buildCommand } from '../builders/from-flags.ts';
import { CLI_COMMANDS } from '../builders/surfaces.ts';
import type { BuildInput } from '../builders/types.ts';
import type { Globals } from './globals.ts';
import { type AfterRun, screenshotAfterRun } from './observe-after.ts';
import { scrollUntilAfterRun } from './scroll-after.ts';

export type Builder = (input: BuildInput) => unknown;

export interface FlatCommand {
  /** The command's key in the action definitions: what its errors are restated against (flag-paths.ts). */
  key: string;
  build: Builder;
  /** Checks the command's own options before the run and says what to do to its result (undefined: nothing). */
  afterRun?: (flags: FlagBag, globals: Globals) => Promise<AfterRun | undefined>;
}

/** What a command does to its result (a re-encoded image; scroll-until without its target is the command's failure). */
const AFTER_RUN: Readonly<Record<string, FlatCommand['afterRun']>> = {
  screenshot: screenshotAfterRun,
  // Not finding its target is the command's failure, though the step itself succeeds (scroll-after.ts).
  'scroll-until': scrollUntilAfterRun,
};

/** Every action command by its key (`click`, `action click`, `on-screen-log set`). */
export function actionCommand(key: string): FlatCommand {
  const afterRun = AFTER_RUN[key];
  return { key, build: (input) => buildCommand(key, input), ...(afterRun === undefined ? {} : { afterRun }) };
}

/** The flat commands: every action command that is not a subcommand of a group. */
export const FLAT_COMMANDS: Readonly<Record<string, FlatCommand>> = Object.fromEntries(
  [...CLI_COMMANDS.keys()].filter((key) => !key.includes(' ')).map((key) => [key, actionCommand(key)]),
);

export const isFlatVerb = (name: string): boolean => Object.hasOwn(FLAT_COMMANDS, name);
