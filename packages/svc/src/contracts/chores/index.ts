// Every device chore svc knows, one definition each (this folder), in the order help and tools/list show them. The
// chore names, their params types and the runner table (toolbox/chore-runners.ts) are read off this list.
import { apps } from './apps.ts';
import { clipboardGet } from './clipboard-get.ts';
import { clipboardSet } from './clipboard-set.ts';
import { crash } from './crash.ts';
import { crashes } from './crashes.ts';
import type { ChoreDefinition } from './define.ts';
import { foreground } from './foreground.ts';
import { install, uninstall } from './install.ts';
import { keyboardInstall } from './keyboard-install.ts';
import { location } from './location.ts';
import { logs } from './logs.ts';
import { notification } from './notification.ts';
import { notifications } from './notifications.ts';
import { recordPull } from './record-pull.ts';
import { recordStart } from './record-start.ts';
import { recordStop } from './record-stop.ts';
import { rotate } from './rotate.ts';
import { screen } from './screen.ts';
import { sms } from './sms.ts';

export const CHORE_DEFINITIONS = [
  foreground,
  screen,
  rotate,
  apps,
  install,
  uninstall,
  keyboardInstall,
  logs,
  crashes,
  crash,
  clipboardGet,
  clipboardSet,
  location,
  recordStart,
  recordStop,
  recordPull,
  notifications,
  notification,
  sms,
] as const;

type Definitions = (typeof CHORE_DEFINITIONS)[number];
export type ChoreName = Definitions['name'];
/** The definition of one chore, with its literal types (its runner is typed by it). */
export type ChoreOf<N extends ChoreName> = Extract<Definitions, { name: N }>;

const BY_NAME: ReadonlyMap<string, ChoreDefinition> = new Map(
  CHORE_DEFINITIONS.map((chore) => [chore.name, chore as ChoreDefinition]),
);

/** The chore of a name any caller gave; undefined when no chore has it. */
export const choreOf = (name: string): ChoreDefinition | undefined => BY_NAME.get(name);
