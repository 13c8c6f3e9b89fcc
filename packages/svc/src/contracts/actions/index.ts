// Every action type svc knows, one definition each (this folder), in the order the contract lists them. The type
// union, the alias tables, the params rules and the JSON Schema are read off this list; nothing else lists actions.
import { clearOnScreenLog } from './clear-on-screen-log.ts';
import { click } from './click.ts';
import { closeApp } from './close-app.ts';
import type { ActionDefinition, ParamsOf } from './define.ts';
import { doctorPing } from './doctor-ping.ts';
import { doubleTap } from './double-tap.ts';
import { drag } from './drag.ts';
import { enterText } from './enter-text.ts';
import { longPress } from './long-press.ts';
import { openApp } from './open-app.ts';
import { openUri } from './open-uri.ts';
import { pressKey } from './press-key.ts';
import { readKeyValuePair } from './read-key-value-pair.ts';
import { readText } from './read-text.ts';
import { scroll } from './scroll.ts';
import { scrollAndClick } from './scroll-and-click.ts';
import { scrollUntil } from './scroll-until.ts';
import { setOnScreenLog } from './set-on-screen-log.ts';
import { sleep } from './sleep.ts';
import { snapshotUi } from './snapshot-ui.ts';
import { startRecording } from './start-recording.ts';
import { stopRecording } from './stop-recording.ts';
import { swipe } from './swipe.ts';
import { takeScreenshot } from './take-screenshot.ts';
import { waitForNavigation } from './wait-for-navigation.ts';
import { waitForNode } from './wait-for-node.ts';

export const ACTION_DEFINITIONS = [
  openApp,
  openUri,
  closeApp,
  startRecording,
  stopRecording,
  waitForNode,
  click,
  scrollAndClick,
  scroll,
  scrollUntil,
  readText,
  readKeyValuePair,
  enterText,
  snapshotUi,
  takeScreenshot,
  sleep,
  pressKey,
  waitForNavigation,
  setOnScreenLog,
  clearOnScreenLog,
  drag,
  doubleTap,
  longPress,
  swipe,
] as const;

type Definitions = (typeof ACTION_DEFINITIONS)[number];
export type ActionType = Definitions['type'];
export type DefinitionOf<T extends ActionType> = Extract<Definitions, { type: T }>;

/** The canonical params of one action type, as the validator lets them through. */
export type ActionParams<T extends ActionType> =
  DefinitionOf<T> extends ActionDefinition<T, infer F, infer R> ? ParamsOf<F, R> : never;

export const ACTION_TYPES: readonly ActionType[] = ACTION_DEFINITIONS.map((definition) => definition.type);

/** The host-internal action the doctor builds executions with (never accepted from a user). */
export type InternalActionType = typeof doctorPing.type;

const BY_TYPE: ReadonlyMap<string, ActionDefinition> = new Map(
  [...ACTION_DEFINITIONS, doctorPing].map((d) => [d.type, d as ActionDefinition]),
);

/** The definition of a type, for code that reads every action alike (the doctor's internal doctor_ping included). */
export const definitionOf = (type: ActionType | InternalActionType): ActionDefinition =>
  BY_TYPE.get(type) as ActionDefinition;

/** The definition of any type name; undefined for one nothing defines (a payload that skipped validation). */
export const lookupDefinition = (type: string): ActionDefinition | undefined => BY_TYPE.get(type);
