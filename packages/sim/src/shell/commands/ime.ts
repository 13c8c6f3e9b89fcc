// `ime list [-a] [-s] | enable <id> | disable <id> | set <id> | reset`: the input method manager's shell command, with
// the answers of InputMethodManagerService's shell command since Android 9: "Input method <id>: now enabled for
// user #0" (or "already enabled"), "Input method <id> selected for user #0", and for an id no installed app has,
// "Unknown input method <id> cannot be selected for user #0" (appium-adb's and peers' tests read these).
import {
  availableImes,
  enabledImes,
  SYSTEM_IME,
  selectedIme,
  selectIme,
  setEnabled,
} from '../../device/input-methods.ts';
import type { ShellCommand } from '../../device/types.ts';

const USAGE = `ime <command>:
  list [-a] [-s]
    prints all enabled input methods.
      -a: see all input methods
      -s: only a single summary line of each
  enable [--user <USER_ID>] <ID>
    allows the given input method ID to be used.
  disable [--user <USER_ID>] <ID>
    disallows the given input method ID to be used.
  set [--user <USER_ID>] <ID>
    switches to the given input method ID.
  reset [--user <USER_ID>]
    reset currently selected/enabled IMEs to the default ones as if the device is initially booted.
`;

export const ime: ShellCommand = async (argv, io, device) => {
  const args = [...argv];
  const userAt = args.indexOf('--user');
  if (userAt >= 0) args.splice(userAt, 2);
  const [verb, ...rest] = args;
  const id = rest.find((a) => !a.startsWith('-'));
  switch (verb) {
    case 'list': {
      const all = rest.includes('-a');
      const ids = all ? availableImes(device) : enabledImes(device);
      const short = rest.includes('-s');
      await io.writeStdout(ids.map((i) => (short ? `${i}\n` : `${i}:\n  mId=${i}\n`)).join(''));
      return 0;
    }
    case 'enable':
    case 'disable': {
      if (id === undefined) break;
      if (!availableImes(device).includes(id)) {
        await io.writeStderr(`Unknown input method ${id} cannot be ${verb}d for user #0\n`);
        return 255;
      }
      const was = enabledImes(device).includes(id);
      setEnabled(device, id, verb === 'enable');
      const state =
        verb === 'enable' ? (was ? 'already enabled' : 'now enabled') : was ? 'now disabled' : 'already disabled';
      await io.writeStdout(`Input method ${id}: ${state} for user #0\n`);
      return 0;
    }
    case 'set': {
      if (id === undefined) break;
      if (!availableImes(device).includes(id)) {
        await io.writeStderr(`Unknown input method ${id} cannot be selected for user #0\n`);
        return 255;
      }
      selectIme(device, id);
      await io.writeStdout(`Input method ${id} selected for user #0\n`);
      return 0;
    }
    case 'reset':
      setEnabled(device, SYSTEM_IME, true);
      for (const other of enabledImes(device)) if (other !== SYSTEM_IME) setEnabled(device, other, false);
      selectIme(device, SYSTEM_IME);
      await io.writeStdout(`Reset current and enabled IMEs for user #0\n  Selected: ${selectedIme(device)}\n`);
      return 0;
  }
  await io.writeStdout(USAGE);
  return verb === undefined ? 0 : 255;
};
