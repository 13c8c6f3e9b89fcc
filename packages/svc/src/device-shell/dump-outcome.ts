// What one `uiautomator dump` round trip printed, classified by what real devices print (AOSP DumpCommand.java and
// the failures peers report; see docs/adb-driver.md): the XML, or which failure it was and whether trying again can
// help. The command is `rm -f F; uiautomator dump F 2>&1; echo <sentinel>$?; cat F; rm -f F`, so a stale file from
// an earlier dump can never be read as this one's.
import type { ShellResult } from './device-shell.ts';

export type DumpFailure =
  /** `ERROR: null root node returned by UiTestAutomationBridge.` (exit 0, no file): the window was changing. */
  | 'UI_DUMP_NULL_ROOT'
  /** `ERROR: could not get idle state.` after ~10 s: the screen never stopped animating. */
  | 'UI_DUMP_NOT_IDLE'
  /** `...UiAutomationService ... already registered!`: another UiAutomation client (an Appium server, uiautomator2). */
  | 'UI_AUTOMATION_IN_USE'
  /** `Killed` / exit 137: the dump process was killed (low memory). */
  | 'UI_DUMP_KILLED'
  /** A non-zero exit with nothing on stderr: the dump crashed walking the tree (trace only in logcat). */
  | 'UI_DUMP_CRASHED'
  /** The success line, but no XML in the file (a swallowed write error). */
  | 'UI_DUMP_EMPTY'
  /** `/system/bin/sh: uiautomator: not found` (or `inaccessible or not found`): a stripped or TV build without it. */
  | 'DEVICE_SHELL_UNAVAILABLE';

/** What each failure means for the user, for the step's message. */
export const DUMP_FAILURE_MEANING: Readonly<Record<DumpFailure, string>> = {
  UI_DUMP_NULL_ROOT: 'the window had no accessibility root (it was changing)',
  UI_DUMP_NOT_IDLE: 'the screen never went idle (an animation or a video keeps it busy)',
  UI_AUTOMATION_IN_USE:
    'another UiAutomation client holds the device (an Appium or uiautomator2 server); stop it and retry',
  UI_DUMP_KILLED: 'the dump process was killed (the device is low on memory)',
  UI_DUMP_CRASHED: 'uiautomator crashed walking the tree (its trace is in the device log)',
  UI_DUMP_EMPTY: 'uiautomator said it dumped the screen but wrote no XML',
  DEVICE_SHELL_UNAVAILABLE:
    'this phone has no uiautomator (a stripped or TV build), so the screen cannot be read over adb; use a phone that has it, or the operator app',
};

export type DumpOutcome =
  | { ok: true; xml: string }
  | { ok: false; code: DumpFailure; retryable: boolean; detail: string };

const XML_START = '<?xml';
const XML_END = '</hierarchy>';

export function classifyDump(result: ShellResult): DumpOutcome {
  const said = result.output.trim();
  const start = result.after.indexOf(XML_START);
  const end = result.after.lastIndexOf(XML_END);
  if (start !== -1 && end > start) return { ok: true, xml: result.after.slice(start, end + XML_END.length) };
  // The device's own words, without the Java stack trace some failures print after them.
  const first = said.split('\n')[0]?.trim().slice(0, 300) ?? '';
  const fail = (code: DumpFailure, retryable: boolean) => ({
    ok: false as const,
    code,
    retryable,
    detail: said === '' ? `exit ${result.status}, no output` : `exit ${result.status}: ${first}`,
  });
  // The shell's own words for a command it cannot run (mksh: "<sh>: <name>: not found", toybox/Android 10+ sh:
  // "<name>: inaccessible or not found"): no retry brings it.
  if (/uiautomator: (?:inaccessible or )?not found/.test(said)) return fail('DEVICE_SHELL_UNAVAILABLE', false);
  if (/null root node/i.test(said)) return fail('UI_DUMP_NULL_ROOT', true);
  if (/could not get idle state/i.test(said)) return fail('UI_DUMP_NOT_IDLE', true);
  if (/already registered/i.test(said)) return fail('UI_AUTOMATION_IN_USE', false);
  if (/\bKilled\b/.test(said) || result.status === 137) return fail('UI_DUMP_KILLED', true);
  if (/UI hier\w+ dumped to:/.test(said)) return fail('UI_DUMP_EMPTY', true);
  return fail('UI_DUMP_CRASHED', true);
}
