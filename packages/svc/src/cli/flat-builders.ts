// The flat commands (SPEC 4.4) by name: the builder that turns a command's flags into one execution, and for some
// what they do to the result before it is printed. The command files register each command from here, and the hot
// path (hot-path.ts) runs the same entries without loading commander: one table, so the two never differ.

import type { FlagBag } from '../builders/flag-values.ts';
import {
  buildClick,
  buildRead,
  buildReadValue,
  buildType,
  buildWait,
  buildWaitForNav,
} from '../builders/flat-element.ts';
import { buildScroll, buildScrollAndClick, buildScrollUntil } from '../builders/flat-scroll.ts';
import {
  buildBack,
  buildClose,
  buildOpen,
  buildPress,
  buildScreenshot,
  buildSleep,
  buildSnapshot,
} from '../builders/flat-simple.ts';
import type { BuildInput } from '../builders/types.ts';
import type { AfterRun } from './execution-command.ts';
import type { Globals } from './globals.ts';
import { screenshotAfterRun } from './observe-after.ts';

export type Builder = (input: BuildInput) => unknown;

export interface FlatCommand {
  build: Builder;
  /** Checks the command's own options before the run and says what to do to its result (undefined: nothing). */
  afterRun?: (flags: FlagBag, globals: Globals) => Promise<AfterRun | undefined>;
}

export const FLAT_COMMANDS = {
  click: { build: buildClick },
  read: { build: buildRead },
  wait: { build: buildWait },
  'wait-for-nav': { build: buildWaitForNav },
  type: { build: buildType },
  'read-value': { build: buildReadValue },
  open: { build: buildOpen },
  close: { build: buildClose },
  press: { build: buildPress },
  back: { build: buildBack },
  sleep: { build: buildSleep },
  snapshot: { build: buildSnapshot },
  screenshot: { build: buildScreenshot, afterRun: screenshotAfterRun },
  scroll: { build: buildScroll },
  'scroll-until': { build: buildScrollUntil },
  'scroll-and-click': { build: buildScrollAndClick },
} as const satisfies Record<string, FlatCommand>;

export type FlatVerb = keyof typeof FLAT_COMMANDS;

export const isFlatVerb = (name: string): name is FlatVerb => Object.hasOwn(FLAT_COMMANDS, name);
