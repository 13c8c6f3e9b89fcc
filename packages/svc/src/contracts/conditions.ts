// Which code says what happened: one row per condition a user or agent can meet, exactly one code each, and every
// surface (CLI, HTTP, MCP, the daemon, doctor, version --check-compat) reports the condition with that code. Code
// that raises one of these conditions names it here (`codeOf('deviceUnauthorized')`) instead of spelling a code, and
// test/conditions.test.ts walks the table through each surface against the simulator.
import type { ErrorCode } from './errors.ts';

interface ConditionRow {
  readonly code: ErrorCode;
  /** The condition, in the user's words. */
  readonly when: string;
}

const row = (code: ErrorCode, when: string): ConditionRow => ({ code, when });

export const CONDITIONS = {
  adbMissing: row('ADB_NOT_FOUND', 'there is no adb binary to start an adb server with'),
  adbServerUnreachable: row('ADB_SERVER_FAILED', 'the adb server cannot be reached or started'),
  noDevices: row('NO_DEVICES', 'no device is connected'),
  multipleDevices: row('MULTIPLE_DEVICES_DEVICE_ID_REQUIRED', 'several devices are ready and none was named'),
  deviceNotConnected: row('DEVICE_NOT_FOUND', 'the named device is not connected (or is in a state adb cannot use)'),
  deviceUnauthorized: row('DEVICE_UNAUTHORIZED', 'the device has not accepted this computer (USB debugging prompt)'),
  deviceOffline: row('DEVICE_OFFLINE', 'adb lists the device as offline'),
  deviceNotReady: row(
    'DEVICE_NOT_READY',
    'adb lists the device in another state: recovery, sideload, bootloader, rescue, no permissions, still connecting',
  ),
  operatorMissing: row('OPERATOR_NOT_INSTALLED', 'the operator app (package) is not installed on the device'),
  operatorServiceOff: row(
    'DEVICE_ACCESSIBILITY_NOT_RUNNING',
    "the operator's accessibility service is not running (the device reports it as SERVICE_UNAVAILABLE)",
  ),
  noEnvelope: row('RESULT_ENVELOPE_TIMEOUT', 'no result envelope came back from the device in time'),
  deviceBusy: row('EXECUTION_CONFLICT_IN_FLIGHT', 'another execution holds the device (after any wait asked for)'),
  deviceGone: row('DEVICE_DISCONNECTED', 'the device left (unplugged, offline) while an execution ran on it'),
  invalidInput: row(
    'EXECUTION_VALIDATION_FAILED',
    'an input value breaks a rule: an execution (text or file), a flag, a body field, a tool argument, a name',
  ),
  cliUsage: row('CLI_USAGE_ERROR', 'the command line itself is wrong: unknown command or flag, missing value'),
  payloadTooLarge: row('PAYLOAD_TOO_LARGE', 'an execution or a request body is over its size limit'),
  androidSdkMissing: row('ANDROID_SDK_TOOL_NOT_FOUND', 'the Android SDK (or one of its tools) is not installed'),
  cannotListen: row('LISTEN_FAILED', 'a server (serve, mcp --http) cannot listen on the host and port asked for'),
  skillPathOutside: row('SKILL_PATH_OUTSIDE_SKILL', "a registry entry names a path outside the skill's folder"),
} as const satisfies Record<string, ConditionRow>;

export type Condition = keyof typeof CONDITIONS;

/** The one code of a condition. */
export function codeOf<C extends Condition>(condition: C): (typeof CONDITIONS)[C]['code'] {
  return CONDITIONS[condition].code;
}

/**
 * What the device's operator app writes for a condition, spelled as svc spells it: an envelope keeps the device's
 * own errorCode, and svc's summary of a run (failedCode) names the condition's code.
 */
export const DEVICE_CODE_ALIASES: Readonly<Record<string, ErrorCode>> = {
  SERVICE_UNAVAILABLE: codeOf('operatorServiceOff'),
};
