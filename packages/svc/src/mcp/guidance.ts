// What every tool shares, said once in the server's instructions (an agent reads them once; tools/list repeats
// nothing of it): how to read a screen and act on it, selectors, the screen an action returns, the device, errors.
// Each tool's own description is one or two sentences of what it does.
import { MATCHER_ROLES } from '../contracts/limits.ts';
import { MCP_DEFAULT_WAIT_DEVICE_MS } from './schema-parts.ts';

export const SCREEN_GUIDE =
  'Screens: `snapshot` prints one line per element to act on or read: `e12 button "OK" desc="label" id=ok ' +
  '[left,top][right,bottom] state` (device pixels). Every action returns the screen after it (`screen`: diff, the ' +
  'default, prints only what changed since your last read: new and changed lines replace yours, refs after "again" ' +
  'are back as you read them earlier, those after "gone" are no longer there; full: the whole screen; none); in snapshot and execute maxChars and maxElements cap a screen, saying what ' +
  'they left out. svc waits until the screen is still before it reads it: no need to sleep or to read again.';

export const SELECTOR_GUIDE =
  'Selectors: {"ref":"e12"} (or just "e12") for an element of the last screen you read (an element keeps its ref ' +
  'while it stays on screen; STALE_REF once it is gone, and nothing is done), or fields that must all match, as ' +
  `printed: text, textContains, desc, descContains, id, role (${MATCHER_ROLES.join(' ')}); any other string is a text.`;

export const DEVICE_GUIDE =
  `deviceId (every tool that uses a device takes it): only when several devices are connected (\`devices\` lists ` +
  `them). A device busy with another call is ` +
  `waited for waitDeviceMs (default ${MCP_DEFAULT_WAIT_DEVICE_MS}), then EXECUTION_CONFLICT_IN_FLIGHT; every device ` +
  'tool takes waitDeviceMs, every action tool screen and timeoutMs (its time limit, default 30000), though no schema ' +
  'lists them or deviceId.';

export const RESULT_GUIDE =
  'Results: "ok" and what the action read, or FAILED with a code (NODE_NOT_FOUND, ...), the elements closest to a ' +
  'selector that found nothing, and a hint; a call that fails before the device answered says CODE: message. ' +
  'Branch on codes. Bad arguments are a protocol error (InvalidParams) naming the argument.';

export const SERVER_INSTRUCTIONS = [
  'svc drives an Android phone (through its operator app where installed, else adb alone).',
  SCREEN_GUIDE,
  SELECTOR_GUIDE,
  DEVICE_GUIDE,
  RESULT_GUIDE,
].join('\n');
