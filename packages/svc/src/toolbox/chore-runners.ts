// The host runner of every chore (contracts/chores/), by name: a chore without its runner, or a runner whose params
// are not its chore's, fails the type check.
import type { ChoreName, ChoreOf } from '../contracts/chores/index.ts';
import type { ChoreRunner } from './chore.ts';
import { runApps } from './tools/apps.ts';
import { runForeground } from './tools/foreground.ts';
import { runInstall, runUninstall } from './tools/install.ts';
import { runKeyboardInstall } from './tools/keyboard.ts';
import { runLocation } from './tools/location.ts';
import { runRotate, runScreen } from './tools/screen.ts';

export const CHORE_RUNNERS: { readonly [N in ChoreName]: ChoreRunner<ChoreOf<N>> } = {
  foreground: runForeground,
  screen: runScreen,
  rotate: runRotate,
  apps: runApps,
  install: runInstall,
  uninstall: runUninstall,
  'keyboard-install': runKeyboardInstall,
  location: runLocation,
};
