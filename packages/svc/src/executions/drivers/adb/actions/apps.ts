// open_app, open_uri, close_app with the activity manager. `am start` is judged by what it prints, not its exit
// status (exit 0 with an error seen on API 34: kaeawc/auto-mobile#5254). open_app resolves the launcher activity
// (`cmd package resolve-activity --brief`, API 24+) and starts it with launcher flags, which bring a running task
// forward (appium-adb app-commands); an app with several launcher activities (resolve-activity then names the
// chooser) starts the first that `cmd package query-activities` lists for it. Below API 24, where `cmd package`
// does not exist, `monkey` launches it: never above, where monkey exits 251 on devices without physical keys and
// unlocks the rotation (ADB-DRIVER-NOTES: mobile-next/mobilewright#82, mobile-mcp#360).
import { quoteShellArg } from '../../../../contracts/dispatch.ts';
import { deviceRefusal, outcomeUnknownMessage, packageServiceDown } from '../../../../device-shell/device-outcome.ts';
import type { DeviceShell } from '../../../../device-shell/device-shell.ts';
import { notInstalled } from '../../../../device-shell/installed-packages.ts';
import { pidsCommand, pidsIn } from '../../../../device-shell/processes.ts';
import { requireOutcome } from '../device-input.ts';
import { type ActionRunner, StepFailure } from '../step.ts';
import type { AdbEntries } from './adb-table.ts';

const RESOLVER = 'android/com.android.internal.app.ResolverActivity';
const LAUNCHER_INTENT = '-a android.intent.action.MAIN -c android.intent.category.LAUNCHER';
/** FLAG_ACTIVITY_NEW_TASK | FLAG_ACTIVITY_RESET_TASK_IF_NEEDED, as the launcher starts apps. */
const LAUNCHER_FLAGS = '0x10200000';

/**
 * The launcher activity `pkg/.Act` of a package; `chooser` when several activities answer (resolve-activity names
 * the system's ResolverActivity); undefined when it has none.
 */
export async function launcherActivity(shell: DeviceShell, pkg: string): Promise<string | 'chooser' | undefined> {
  // The launcher intent, not the package alone: an intent naming only the package matches every activity with an
  // intent filter, and one of higher priority (a share target) wins over the launcher's (callstack/agent-device#115).
  const out = await shell.run(`cmd package resolve-activity --brief ${LAUNCHER_INTENT} ${quoteShellArg(pkg)}`);
  packageServiceAnswers(out.output);
  // An exception in the package service (its trace's last line is no activity) or a cut shell: the device failed,
  // it did not say the app has no launcher activity.
  const refused = deviceRefusal(out.output, out.status);
  if (refused !== undefined) {
    throw new StepFailure(
      'DEVICE_SHELL_UNAVAILABLE',
      refused.outcomeUnknown
        ? outcomeUnknownMessage('launcher activity lookup')
        : `the device's package manager failed to look up ${pkg}'s launcher activity (${refused.said})`,
      { retryable: refused.outcomeUnknown },
    );
  }
  const last = out.output.trim().split('\n').at(-1)?.trim() ?? '';
  if (last === RESOLVER) return 'chooser';
  if (/^[A-Za-z0-9_.]+\/[A-Za-z0-9_.$]+$/.test(last)) return last;
  return undefined;
}

/** The package manager not running (packageServiceDown) fails the step as the device, not as a missing app. */
function packageServiceAnswers(output: string): void {
  const said = packageServiceDown(output);
  if (said === undefined) return;
  throw new StepFailure(
    'DEVICE_SHELL_UNAVAILABLE',
    `the device's package manager does not answer (${said}); the system may still be starting`,
    { retryable: true },
  );
}

/**
 * Errors `am start` prints (on stderr, or on stdout with -W): `Error: ...`, `Error type 3`, `Exception`. The
 * `Error: ...` line says what went wrong; `Error type 3` before it only numbers the kind (AOSP
 * ActivityManagerShellCommand: "Error type 3" then "Error: Activity class {...} does not exist.").
 */
function startError(output: string): string | undefined {
  return /^Error: .*$/m.exec(output)?.[0] ?? /^(Error[: ].*|.*Exception.*)$/m.exec(output)?.[0];
}

const notFound = (pkg: string) =>
  new StepFailure('APP_NOT_FOUND', `${pkg} has no launchable activity`, { retryable: true });

/**
 * The first launcher activity of `pkg` as `query-activities --brief` lists it (a bare package name at the end is the
 * intent's package: AOSP Intent.parseCommandArgs), for an app whose launcher intent resolves to the chooser.
 */
async function firstLauncherActivity(shell: DeviceShell, pkg: string): Promise<string | undefined> {
  const out = await shell.read(`cmd package query-activities --brief ${LAUNCHER_INTENT} ${quoteShellArg(pkg)}`);
  const prefix = `${pkg}/`;
  return out
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith(prefix) && /^[A-Za-z0-9_.]+\/[A-Za-z0-9_.$]+$/.test(line));
}

/**
 * `monkey` starts a package's launcher activity by itself: below API 24 (no `cmd`). Judged by its output, never
 * its exit status (mobile-next/mobile-mcp#360): `monkey aborted` is an app without a launcher activity; any other
 * device error line (`/system/bin/sh: monkey: not found` on a build without it, `Killed`, an exception) is the
 * device failing to launch it, never a success; and a shell that ended before the exit status came back is unknown.
 */
async function launchWithMonkey(shell: DeviceShell, pkg: string): Promise<void> {
  const out = await shell.run(`monkey -p ${quoteShellArg(pkg)} -c android.intent.category.LAUNCHER 1 2>&1`);
  if (/monkey aborted|No activities found/i.test(out.output)) throw notFound(pkg);
  const refused = deviceRefusal(out.output, out.status === -1 ? -1 : 0);
  if (refused === undefined) return;
  const message = refused.outcomeUnknown
    ? outcomeUnknownMessage(`launch of ${pkg}`)
    : /: (?:inaccessible or )?not found$/.test(refused.said)
      ? `this phone has no monkey, which launches apps below Android 7 (${refused.said})`
      : `monkey did not launch ${pkg} (${refused.said})`;
  throw new StepFailure('DEVICE_SHELL_UNAVAILABLE', message, { retryable: refused.outcomeUnknown });
}

export const openApp: ActionRunner<'open_app'> = async ({ shell, action }) => {
  const pkg = action.params.applicationId;
  if ((await shell.sdk()) < 24) {
    await launchWithMonkey(shell, pkg);
    return { application_id: pkg };
  }
  const resolved = await launcherActivity(shell, pkg);
  const activity = resolved === 'chooser' ? await firstLauncherActivity(shell, pkg) : resolved;
  if (activity === undefined) {
    // Not installed at all: no retry installs it, so the step fails at once.
    const missing = await notInstalled(shell, pkg);
    throw missing === undefined ? notFound(pkg) : new StepFailure('APP_NOT_FOUND', missing);
  }
  const out = await shell.run(
    `am start -W -a android.intent.action.MAIN -c android.intent.category.LAUNCHER -f ${LAUNCHER_FLAGS} -n ${quoteShellArg(activity)} 2>&1`,
  );
  const error = startError(out.output);
  if (error !== undefined)
    throw new StepFailure('APP_NOT_FOUND', `am start ${activity}: ${error}`, { retryable: true });
  // Starting it again is harmless (the launcher flags bring a running task forward).
  requireOutcome(out, `start of ${activity}`, true);
  return { application_id: pkg };
};

export const openUri: ActionRunner<'open_uri'> = async ({ shell, action }) => {
  const { uri } = action.params;
  const out = await shell.run(`am start -W -a android.intent.action.VIEW -d ${quoteShellArg(uri)} 2>&1`);
  if (/unable to resolve Intent/i.test(out.output))
    throw new StepFailure('URI_NOT_HANDLED', `no activity handles ${uri}`);
  const error = startError(out.output);
  if (error !== undefined) throw new StepFailure('URI_NOT_HANDLED', `am start ${uri}: ${error}`);
  requireOutcome(out, `start of ${uri}`, false);
  // A chooser (several handlers) is an answer too: the user or a later step picks one.
  return { uri };
};

/**
 * `am force-stop` is silent and exits 0 even for unknown packages (ADB-DRIVER-NOTES of the repo's design: "silent
 * and exits 0 even for unknown packages"): `pm path` in the same line says whether the package is installed (an
 * app that is not cannot be closed: APP_NOT_FOUND, never a success), and whether the app still has a process tells
 * whether it worked (`pidof`, or `ps` on Android 5, which has no pidof).
 */
export const closeApp: ActionRunner<'close_app'> = async ({ shell, action }) => {
  const pkg = action.params.applicationId;
  const sdk = await shell.sdk();
  const quoted = quoteShellArg(pkg);
  const out = await shell.run(`am force-stop ${quoted}; pm path ${quoted}; ${pidsCommand(sdk, pkg)}`);
  packageServiceAnswers(out.output);
  requireOutcome(out, `close of ${pkg}`, true);
  if (!/^package:/m.test(out.output)) {
    throw new StepFailure('APP_NOT_FOUND', `${pkg} is not installed on this device`);
  }
  const pids = pidsIn(out.output, pkg, sdk);
  if (pids.length > 0) {
    throw new StepFailure('APP_CLOSE_FAILED', `${pkg} is still running (pid ${pids.join(' ')})`, {
      retryable: true,
    });
  }
  return { application_id: pkg };
};

export const APP_ACTIONS = {
  open_app: { run: openApp },
  open_uri: { run: openUri },
  close_app: { run: closeApp },
} satisfies AdbEntries;
