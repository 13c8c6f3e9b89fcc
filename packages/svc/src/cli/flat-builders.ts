// The flat commands (SPEC 4.4) by name, each with the builder that turns its flags into one execution. The command
// files register each command with its builder from here, and the hot path (hot-path.ts) runs the same builders
// without loading commander: one table, so the two can never build different executions.
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

export type Builder = (input: BuildInput) => unknown;

export const FLAT_BUILDERS = {
  click: buildClick,
  read: buildRead,
  wait: buildWait,
  'wait-for-nav': buildWaitForNav,
  type: buildType,
  'read-value': buildReadValue,
  open: buildOpen,
  close: buildClose,
  press: buildPress,
  back: buildBack,
  sleep: buildSleep,
  snapshot: buildSnapshot,
  screenshot: buildScreenshot,
  scroll: buildScroll,
  'scroll-until': buildScrollUntil,
  'scroll-and-click': buildScrollAndClick,
} as const satisfies Record<string, Builder>;

export type FlatVerb = keyof typeof FLAT_BUILDERS;

export const isFlatVerb = (name: string): name is FlatVerb => Object.hasOwn(FLAT_BUILDERS, name);
