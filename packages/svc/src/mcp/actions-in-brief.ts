// Every action type with its params, in one line an agent reads in the `execute` tool: `type(param,optional?)`,
// read off the action definitions (contracts/actions/), so it lists what the validator takes. `retry` (any action)
// and removed params are left out, and so are the fine-tuning params an agent seldom needs (swipe geometry, settle
// delays, retry objects, the on-screen log's styling): an action that has some ends its list with `…`, and the
// validator names each one it takes when one is wrong. tools/list is paid for by every agent on every session.
import { ACTION_DEFINITIONS } from '../contracts/actions/index.ts';

export const FINE_TUNING: ReadonlySet<string> = new Set([
  // A gesture's own time (drag, long_press, swipe): each tool's description gives its default.
  'durationMs',
  'distanceRatio',
  'settleDelayMs',
  'findFirstScrollableChild',
  'noPositionChangeThreshold',
  'maxDurationMs',
  'anchor',
  'scrollRetry',
  'clickRetry',
  'textAlign',
  'topOffsetDp',
  'edgeOffsetDp',
  'widthDp',
  'fontSizeSp',
  'textColor',
  'backgroundColor',
]);

export const ACTIONS_IN_BRIEF = ACTION_DEFINITIONS.map((definition) => {
  const required = new Set<string>(definition.params.required ?? []);
  const fields = definition.params.fields as Readonly<Record<string, { kind: string }>>;
  const names = Object.keys(fields).filter((name) => name !== 'retry' && fields[name]?.kind !== 'removed');
  if (names.length === 0) return definition.type;
  const listed = names.filter((name) => required.has(name) || !FINE_TUNING.has(name));
  const more = listed.length < names.length ? ',…' : '';
  return `${definition.type}(${listed.map((name) => (required.has(name) ? name : `${name}?`)).join(',')}${more})`;
}).join(' ');
