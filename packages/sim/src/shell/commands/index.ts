// The commands the device shell finds on its PATH (builtins such as export/exec/exit live in shell/run.ts).
import type { ShellCommand } from '../../device/types.ts';
import { am } from './am.ts';
import { cat } from './cat.ts';
import { cmd } from './cmd.ts';
import { content } from './content.ts';
import { date } from './date.ts';
import { dumpsys } from './dumpsys.ts';
import { echo } from './echo.ts';
import { getprop, setprop } from './getprop.ts';
import { grep } from './grep.ts';
import { id } from './id.ts';
import { ime } from './ime.ts';
import { input } from './input.ts';
import { log } from './log.ts';
import { logcat } from './logcat.ts';
import { ls } from './ls.ts';
import { monkey } from './monkey.ts';
import { pm } from './pm.ts';
import { kill, killall, pidof, ps } from './processes.ts';
import { rm } from './rm.ts';
import { screencap } from './screencap.ts';
import { screenrecord } from './screenrecord.ts';
import { settings } from './settings.ts';
import { sleep } from './sleep.ts';
import { service } from './statusbar.ts';
import { base64, md5sum, sha256sum } from './toybox-digest.ts';
import { chmod, cp, mkdir, mv, touch } from './toybox-files.ts';
import { falseCommand, trueCommand } from './true-false.ts';
import { uiautomator } from './uiautomator.ts';
import { wm } from './wm.ts';

export const COMMANDS: ReadonlyMap<string, ShellCommand> = new Map([
  ['am', am],
  ['base64', base64],
  ['chmod', chmod],
  ['cp', cp],
  ['cat', cat],
  ['cmd', cmd],
  ['content', content],
  ['date', date],
  ['dumpsys', dumpsys],
  ['echo', echo],
  ['getprop', getprop],
  ['setprop', setprop],
  ['grep', grep],
  ['id', id],
  ['ime', ime],
  ['input', input],
  ['kill', kill],
  ['killall', killall],
  ['log', log],
  ['logcat', logcat],
  ['ls', ls],
  ['md5sum', md5sum],
  ['mkdir', mkdir],
  ['monkey', monkey],
  ['mv', mv],
  ['pidof', pidof],
  ['pm', pm],
  ['ps', ps],
  ['rm', rm],
  ['screencap', screencap],
  ['screenrecord', screenrecord],
  ['service', service],
  ['settings', settings],
  ['sha256sum', sha256sum],
  ['sleep', sleep],
  ['touch', touch],
  ['true', trueCommand],
  ['false', falseCommand],
  ['uiautomator', uiautomator],
  ['wm', wm],
]);
