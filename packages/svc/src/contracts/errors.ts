// The one error catalogue (SPEC part 7, 4.6, DECISIONS). The HTTP status and the CLI exit code of every
// failure come from this table; nothing re-derives them from printed output. Which code a condition gets is
// conditions.ts.

import { apkDownload, PUBLISHED_VARIANT, supportedRange } from './operator-apk.ts';

interface CodeInfo {
  readonly http: number;
  /** One-line recovery hint for the agent or user. */
  readonly hint: string;
}

const c = (http: number, hint: string): CodeInfo => ({ http, hint });

/** Where the operator app comes from, in the hints that say to install it (`svc doctor` gives every step). */
const GET_OPERATOR = `the published APK is ${apkDownload().url} (\`svc doctor\` shows how to check and install it)`;

export const ERROR_CODES = {
  // execution-level (SPEC 7)
  ADB_NOT_FOUND: c(500, 'Install Android platform-tools (Debian: apt-get install adb) and make sure `adb` is on PATH.'),
  NO_DEVICES: c(
    404,
    'Connect a device or start one (`svc sim start` or `svc emulator provision`), then run `svc devices`.',
  ),
  MULTIPLE_DEVICES_DEVICE_ID_REQUIRED: c(
    400,
    'Name one of details.connected: --device <serial> on the command line, deviceId in an HTTP body or MCP call, or ANDROID_SERIAL.',
  ),
  DEVICE_NOT_FOUND: c(404, 'Use a serial from `svc devices` whose state is `device`.'),
  EXECUTION_VALIDATION_FAILED: c(
    400,
    'Fix the value named in details.path (details.issues lists every problem found) and send it again.',
  ),
  EXECUTION_ACTION_UNSUPPORTED: c(
    500,
    'Use a canonical action type (`svc schema` lists them), or update the operator app.',
  ),
  EXECUTION_CONFLICT_IN_FLIGHT: c(
    423,
    'Another execution holds this device: retry when it ends, or wait for it with --wait-device-ms <ms> (HTTP and MCP: waitDeviceMs).',
  ),
  RESULT_ENVELOPE_TIMEOUT: c(
    504,
    'Run `svc grant-device-permissions`, then `svc snapshot --timeout-ms 5000 --verbose`; check the accessibility service.',
  ),
  RESULT_ENVELOPE_MALFORMED: c(
    500,
    'The operator wrote an invalid result; check `svc version --check-compat` and reinstall a matching operator.',
  ),
  PAYLOAD_TOO_LARGE: c(
    413,
    'Split the work into several smaller executions (max 64000 bytes of payload, 100kb HTTP body).',
  ),
  SECURITY_BLOCK_DETECTED: c(500, 'A system security dialog covers the app; dismiss it on the device and retry.'),
  BROADCAST_FAILED: c(
    500,
    'The adb broadcast failed; check the device connection with `svc devices` and `svc doctor`.',
  ),
  // what the adb driver (no app on the device) cannot do; refused before the device is touched
  ON_SCREEN_LOG_SERVICE_UNAVAILABLE: c(
    400,
    `The on-screen log needs the operator app (svc's own: the published one has none) and --driver operator, or drop the step.`,
  ),
  TEXT_NOT_TYPABLE: c(
    400,
    "Install svc's Unicode keyboard on the device once with `svc keyboard install`, then send the text again (or use the operator app).",
  ),
  UNICODE_KEYBOARD_UNAVAILABLE: c(
    409,
    'svc has no Unicode keyboard for this device (Android 5, API 21, or later needed): type printable ASCII, or use the operator app.',
  ),
  SERVICE_UNAVAILABLE: c(500, 'The operator accessibility service is not running; run `svc grant-device-permissions`.'),
  EXECUTION_TIMEOUT: c(500, 'The operator ran out of time; raise timeoutMs or split the execution.'),
  ACTION_FAILED: c(
    500,
    'A step failed in a way that ends the execution (failedStepId; its data.error says why); no later step ran: fix that step and run again.',
  ),
  OPERATOR_PAYLOAD_REJECTED: c(
    500,
    'Nothing ran: check the operator version with `svc version --check-compat` (install a supported one), and report the execution if it persists.',
  ),
  // serve layer (SPEC 7)
  INVALID_JSON: c(400, 'Send a valid JSON body with Content-Type: application/json.'),
  UNSUPPORTED_MEDIA_TYPE: c(415, 'Send the body as JSON with the header Content-Type: application/json.'),
  INTERNAL_SERVER_ERROR: c(500, 'Unexpected server failure; retry, and report it with the server log if it persists.'),
  INTERNAL_ERROR: c(500, 'Unexpected host-side failure; retry with --verbose for details.'),
  MISSING_EXECUTION: c(400, 'Send { "execution": { ... } } in the body.'),
  ORIGIN_FORBIDDEN: c(
    403,
    'Requests from web pages are refused; start `svc serve` (or `svc mcp --http`) with --allow-origin <origin> to allow one.',
  ),
  HOST_FORBIDDEN: c(403, 'Use a loopback host name (localhost, 127.0.0.1, [::1]) to reach a loopback-bound server.'),
  AUTH_REQUIRED: c(
    401,
    'Send Authorization: Bearer <token>, the token being the content of ~/.svc/server-token of the user running the server.',
  ),
  AUTH_TOKEN_UNSAFE: c(
    500,
    'Make ~/.svc yours with mode 700 and ~/.svc/server-token mode 600 (or delete the token file to make a new one).',
  ),
  PATH_FORBIDDEN: c(
    403,
    'Give a file name inside the screenshots directory (or no path); the server writes nowhere else.',
  ),
  LOCK_FILE_UNUSABLE: c(
    500,
    'Move away what stands at details.path (svc keeps its device locks in ~/.svc/locks), then run the command again.',
  ),
  DEVICE_DISCONNECTED: c(503, 'The device went away during the execution; reconnect it (see `svc devices`) and retry.'),
  LISTEN_FAILED: c(500, 'Another process may use that port: pick another --port, or stop what listens there.'),
  NOT_FOUND: c(404, 'Check the route; see the README for the list of endpoints.'),
  METHOD_NOT_ALLOWED: c(405, 'Send the request with a method the Allow header names (POST /execute, GET /devices).'),
  // skills
  SKILL_NOT_FOUND: c(404, 'List skills with `svc skills list` or search with `svc skills search`.'),
  SKILL_EXECUTION_FAILED: c(400, 'Read stdout/stderr in details; fix the script or its arguments and run it again.'),
  SKILL_OUTPUT_ASSERTION_FAILED: c(
    400,
    'The skill ran but its output lacks the expected text; check the device state.',
  ),
  SKILL_RESULT_PARSE_FAILED: c(400, 'The skill printed a malformed [svc-Skill-Result] frame; fix the script output.'),
  SKILL_VARS_MISSING: c(400, 'Pass every missing variable with --vars \'{"NAME":"value"}\'.'),
  SKILL_ARTIFACT_NOT_FOUND: c(404, 'Use one of the artifact names listed by `svc skills get <id>`.'),
  SKILL_PATH_OUTSIDE_SKILL: c(
    500,
    "Fix the registry entry: its scripts, artifacts and skillFile must be relative paths inside the skill's folder.",
  ),
  SKILL_ALREADY_EXISTS: c(
    409,
    'Pick another skill id, or change the existing skill (`svc skills get <id>` shows its files).',
  ),
  SKILL_INSTALL_FAILED: c(500, 'Check SVC_SKILLS_REPO and your git access, then run `svc skills install` again.'),
  REGISTRY_READ_FAILED: c(
    500,
    'Read details.reason: fix the registry file at details.path, or point SVC_SKILLS_REGISTRY at another registry.',
  ),
  // emulators
  EMULATOR_NOT_FOUND: c(404, 'List AVDs with `svc emulator list`, or create one with `svc emulator create`.'),
  EMULATOR_NOT_RUNNING: c(404, 'Start it with `svc emulator start <name>`.'),
  EMULATOR_UNSUPPORTED: c(409, 'Use an API 35, Play Store, arm64-v8a, pixel_7 AVD (`svc emulator create`).'),
  EMULATOR_ALREADY_RUNNING: c(409, 'It is already running; use it, or stop it first with `svc emulator stop <name>`.'),
  EMULATOR_ALREADY_EXISTS: c(409, 'Pick another --name, or delete the existing AVD with `svc emulator delete <name>`.'),
  EMULATOR_BOOT_TIMEOUT: c(504, 'The emulator did not finish booting in time; retry with a larger --timeout-ms.'),
  ANDROID_SDK_TOOL_NOT_FOUND: c(
    500,
    'Install the Android SDK command-line tools and set ANDROID_HOME (details.overrideVariable points at one tool); to try svc without an SDK: `svc sim start`.',
  ),
  ANDROID_SDK_TOOL_FAILED: c(500, 'An Android SDK tool failed; read details.stderr and retry.'),
  // CLI
  OPERATOR_APK_NOT_FOUND: c(500, 'Pass the path of an existing operator APK with --apk.'),
  OPERATOR_APK_INVALID: c(
    400,
    'The file is not an APK whose manifest can be read; download the operator APK again and check its SHA-256.',
  ),
  OPERATOR_APK_MISMATCH: c(
    400,
    `The APK is not the operator asked for (details say which of package, version or SHA-256 differs); nothing was installed; ${GET_OPERATOR}.`,
  ),
  OPERATOR_INSTALL_FAILED: c(
    500,
    'adb install failed; read details and check free space and signatures on the device.',
  ),
  OPERATOR_GRANT_FAILED: c(500, 'Granting permissions failed; enable them by hand in Accessibility Settings.'),
  OPERATOR_VERIFY_FAILED: c(
    500,
    `The package is not listed after install; reinstall with \`svc operator setup --apk <path>\`; ${GET_OPERATOR}.`,
  ),
  DAEMON_START_FAILED: c(500, 'Run `svc daemon run` in the foreground to see why, or use --no-daemon.'),
  DAEMON_STOP_FAILED: c(500, 'Stop the process by hand (pid in ~/.svc/daemon/*.pid) and remove its socket.'),
  DAEMON_PROXY_ERROR: c(
    500,
    'The daemon response was lost and the action may have executed; check the device state before retrying.',
  ),
  CLI_USAGE_ERROR: c(400, 'Run `svc help <command>` for the accepted flags.'),
  NOT_IMPLEMENTED: c(500, 'This command is not implemented in this version.'),
  // doctor (SPEC 4.6)
  NODE_TOO_OLD: c(500, 'Install Node.js 22 or 24 (LTS) from https://nodejs.org/en/download, or with nvm install 24.'),
  ADB_SERVER_FAILED: c(500, 'Run `adb kill-server && adb start-server` and check its output.'),
  HOST_DEPENDENCY_MISSING: c(500, 'Install Java 17 or 21.'),
  ANDROID_BUILD_FAILED: c(500, 'Fix the operator project build (./gradlew assembleDebug).'),
  ANDROID_INSTALL_FAILED: c(500, 'Fix the debug install (./gradlew installDebug).'),
  ANDROID_APP_LAUNCH_FAILED: c(500, 'Launch the operator app by hand and read the device log.'),
  DEVICE_UNAUTHORIZED: c(
    409,
    'Unlock the device and accept the "Allow USB debugging?" prompt, then retry (`svc devices` shows it as device).',
  ),
  DEVICE_OFFLINE: c(
    409,
    'Reconnect it: `adb reconnect offline`, `adb connect <host:port>` for a network device, or restart `svc sim start`.',
  ),
  DEVICE_NOT_READY: c(
    409,
    'The device is connected but not running Android for adb (recovery, sideload, bootloader) or this computer may not open it; details.state says which: reboot it into Android or fix the USB permissions, then retry.',
  ),
  DEVICE_SHELL_UNAVAILABLE: c(500, 'The device shell does not answer; reconnect the device.'),
  OPERATOR_NOT_INSTALLED: c(
    500,
    `Install the operator app with \`svc operator setup --apk <path>\` (${GET_OPERATOR}), pass the installed package with --operator-package, or use --driver adb.`,
  ),
  OPERATOR_VARIANT_MISMATCH: c(
    500,
    'Pass the installed package with --operator-package, or reinstall the intended variant.',
  ),
  VERSION_INCOMPATIBLE: c(
    500,
    `Install a supported operator app: svc's own of the CLI's major.minor, or the published Clawperator operator ${supportedRange(PUBLISHED_VARIANT.packages.release)}; ${GET_OPERATOR}.`,
  ),
  APK_VERSION_UNREADABLE: c(500, 'Reinstall the operator app; its version could not be read.'),
  APK_VERSION_INVALID: c(500, 'Reinstall the operator app; its version is not semantic (X.Y.Z).'),
  CLI_VERSION_INVALID: c(500, 'Reinstall svc; its own version is not semantic.'),
  DEVICE_DEV_OPTIONS_DISABLED: c(500, 'Enable Developer options (tap Build number seven times).'),
  DEVICE_USB_DEBUGGING_DISABLED: c(500, 'Enable USB debugging in Developer options.'),
  DEVICE_ACCESSIBILITY_NOT_RUNNING: c(
    500,
    'Run `svc grant-device-permissions`, or enable the operator in Accessibility Settings; --driver adb works without it.',
  ),
  SMOKE_OPEN_SETTINGS_FAILED: c(500, 'Settings did not open or could not be snapshotted; check the device screen.'),
  ADB_DRIVER_UNAVAILABLE: c(
    500,
    `uiautomator dump does not work on this device (see the check detail); install the operator app with \`svc operator setup --apk <path>\`; ${GET_OPERATOR}.`,
  ),
  OPERATOR_PROJECT_NOT_CONFIGURED: c(
    500,
    'Set SVC_OPERATOR_PROJECT to the operator app checkout (the folder holding gradlew) for `doctor --full`.',
  ),
  ADB_SERVER_LOST: c(
    503,
    'The adb server of that host stopped answering, so the action may or may not have run; check the host and its tunnel, then `svc devices`.',
  ),
  STALE_REF: c(
    409,
    'That element is not on screen as you read it: use a ref of the screen as it is now (this answer carries it, when the screen could be read), or a selector.',
  ),
  REF_NOT_SELECTABLE: c(400, 'Click the element by its ref, or select it by id, text or label instead of a ref.'),
  // device tools
  APK_NOT_FOUND: c(400, 'Pass the path of an existing .apk file on this computer.'),
  INSTALL_FAILED: c(
    500,
    'Read details.reason: INSTALL_FAILED_UPDATE_INCOMPATIBLE means uninstall the old app first; other reasons name the APK problem.',
  ),
  APP_NOT_INSTALLED: c(404, 'List the apps with `svc apps --all` and use a package from there.'),
  UNINSTALL_FAILED: c(500, 'System apps cannot be uninstalled; read details.reason.'),
  CRASH_NOT_FOUND: c(404, 'List the reports with `svc crashes` and use an id from there.'),
  CLIPBOARD_UNAVAILABLE: c(
    409,
    'This device keeps its clipboard from the shell; type the text into the field with `svc type` instead.',
  ),
  GESTURE_FAILED: c(500, 'The device did not take the gesture; check the device with `svc devices` and retry.'),
  INPUT_INJECTION_DENIED: c(
    409,
    'The phone refuses input sent over adb: in Developer options turn on "USB debugging (Security settings)" (Xiaomi, Redmi, POCO, HONOR), then retry.',
  ),
  LOCATION_UNSUPPORTED: c(409, 'Only emulators on this computer take a location (serial emulator-<port>).'),
  RECORDING_IN_PROGRESS: c(409, 'Stop the running recording with `svc record stop` first.'),
  RECORDING_NOT_IN_PROGRESS: c(409, 'Start one with `svc record start`.'),
  RECORDING_NOT_FOUND: c(404, 'Use a recordingId from `svc record start` or `svc record stop`.'),
  RECORDING_UNSUPPORTED: c(409, 'This device has no screenrecord command; take screenshots instead.'),
  RECORDING_FAILED: c(
    500,
    "The device's screenrecord failed (its words are in the message; a codec error means this phone cannot record its screen this way): retry once, else take screenshots instead.",
  ),
  RECORDING_STOP_FAILED: c(
    500,
    'screenrecord did not stop when told to: retry the stop; if it still runs, end it with `adb shell kill -9 <pid>` (its file stays unfinished).',
  ),
  DEVICE_FILE_NOT_FOUND: c(404, 'The file is not on the device (any more); copy one that exists.'),
  NOTIFICATION_TEXT_HIDDEN: c(
    409,
    'This phone does not print notification text to the shell (Android 5 and 6): open the shade with `svc notification shade-open` and read the screen.',
  ),
  NOTIFICATION_WAIT_TIMEOUT: c(
    408,
    'No new matching notification came in time: check --app and --text-matches, trigger it again, or wait longer (--timeout).',
  ),
  NOTIFICATION_NOT_FOUND: c(404, 'Use a key from `svc notifications`; the notification may have been removed.'),
  NOTIFICATION_ACTION_NOT_FOUND: c(404, 'Use one of the action titles `svc notifications` lists for it.'),
  NOTIFICATION_NOT_CLEARABLE: c(409, 'This notification is ongoing: the app removes it, the user cannot.'),
  NOTIFICATION_NOT_IN_SHADE: c(
    409,
    'The shade did not show this notification (grouped or collapsed on this phone): open it with `svc notification shade-open` and tap it from the screen.',
  ),
  SMS_UNAVAILABLE: c(
    409,
    'This phone does not let the shell read text messages: read the code from its notification with `svc notifications --extract code`.',
  ),
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  code: string;
  message: string;
  /** What to do about it: the catalogue's hint for the code, or a truer one the thrower knew. */
  hint?: string;
  details?: Record<string, unknown>;
}

/** Said when a code is not in the catalogue (a code the device app invented, say). */
const FALLBACK_HINT = 'Read the message and details; `svc doctor` checks the host, adb, the device and the operator.';

/** A failure the user or agent can act on. Carries a catalogue code; `details` is JSON-safe. */
export class SvcError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  /** A hint truer than the catalogue's for this very case (else the catalogue's). */
  readonly hint: string | undefined;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, hint?: string) {
    super(message);
    this.name = 'SvcError';
    this.code = code;
    this.details = details;
    this.hint = hint;
  }
  toBody(): ErrorBody {
    return withHint({
      code: this.code,
      message: this.message,
      ...(this.hint === undefined ? {} : { hint: this.hint }),
      ...(this.details === undefined ? {} : { details: this.details }),
    });
  }
}

const VALIDATION = 'EXECUTION_VALIDATION_FAILED';
/** The validation hint for an error that names no field (the catalogue's points at details.path). */
const VALIDATION_HINT_WITHOUT_PATH = 'Fix what the message names and send it again.';

/**
 * Details as the hints promise them. On the command line the value at fault is a flag: an error that names one
 * (details.flag) and no other path gets it as details.path. A validation error that names a field but lists no
 * problems gets the list of that one problem, so details.issues is always there to read.
 */
function completedDetails(body: ErrorBody): Record<string, unknown> | undefined {
  const { code, message } = body;
  let details = body.details;
  if (details === undefined) return details;
  if (typeof details.flag === 'string' && details.path === undefined) details = { path: details.flag, ...details };
  if (code !== VALIDATION || typeof details.path !== 'string' || Array.isArray(details.issues)) return details;
  return { ...details, issues: [{ path: details.path, message }] };
}

/** Any thrown value as an error body: an SvcError keeps its code; anything else is a host-side bug and says so. */
export function errorBodyOf(error: unknown): ErrorBody {
  if (error instanceof SvcError) return error.toBody();
  const message = error instanceof Error ? error.message : String(error);
  return withHint({ code: 'INTERNAL_ERROR', message: `Unexpected host-side failure: ${message}` });
}

/** The body every surface prints: `{ code, message, hint, details? }`, the hint from the catalogue when missing. */
export function withHint(body: ErrorBody): ErrorBody {
  const { code, message, hint } = body;
  const details = completedDetails(body);
  const unnamed = code === VALIDATION && typeof details?.path !== 'string';
  const out: ErrorBody = {
    code,
    message,
    hint: hint ?? (unnamed ? VALIDATION_HINT_WITHOUT_PATH : undefined) ?? hintOf(code) ?? FALLBACK_HINT,
  };
  if (details !== undefined) out.details = details;
  return out;
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}

/** HTTP status per SPEC part 7; unknown codes map to 500. */
export function httpStatusOf(code: string): number {
  return isErrorCode(code) ? ERROR_CODES[code].http : 500;
}

export function hintOf(code: string): string | undefined {
  return isErrorCode(code) ? ERROR_CODES[code].hint : undefined;
}
