// The one place where a caller's device, operator package and driver are decided, for every front end: the value
// the caller gave (CLI flag, HTTP body field, MCP tool argument), else the front end's own default (`svc mcp
// --device`), else the environment (ANDROID_SERIAL as adb itself uses it, SVC_OPERATOR_PACKAGE then
// SVC_RECEIVER_PACKAGE, SVC_DRIVER, SVC_ALLOW_UNTESTED_OPERATOR), else the built-in default (the only ready device, com.svc.operator, auto).
import { configuredServers, serverLabel, splitDeviceId } from '../contracts/adb-servers.ts';
import { OPERATOR_PACKAGES } from '../contracts/dispatch.ts';
import { type Env, nonBlank } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { DRIVER_CHOICES, type DriverChoice } from '../contracts/types.ts';
import type { Target } from '../executions/target.ts';

export type { Target } from '../executions/target.ts';

export interface TargetInput {
  deviceId?: string | undefined;
  /** A front end's own default device (`svc mcp --device`), used when the call names none. */
  defaultDeviceId?: string | undefined;
  operatorPackage?: string | undefined;
  defaultOperatorPackage?: string | undefined;
  driver?: string | undefined;
  defaultDriver?: string | undefined;
  /** Drive a published operator outside the supported versions (else SVC_ALLOW_UNTESTED_OPERATOR). */
  allowUntestedOperator?: boolean | undefined;
}

/** Names of the input fields as the caller knows them, for error paths (`--device` on the CLI, `deviceId` in JSON). */
export interface TargetFieldNames {
  deviceId: string;
  operatorPackage: string;
  driver: string;
}

export const JSON_FIELD_NAMES: TargetFieldNames = {
  deviceId: 'deviceId',
  operatorPackage: 'operatorPackage',
  driver: 'driver',
};

export function resolveTarget(input: TargetInput, env: Env, names: TargetFieldNames = JSON_FIELD_NAMES): Target {
  const given = checked(input.deviceId, names.deviceId) ?? checked(input.defaultDeviceId, names.deviceId);
  const fromEnv = given === undefined ? checked(env.ANDROID_SERIAL, 'ANDROID_SERIAL') : undefined;
  const givenPackage =
    checked(input.operatorPackage, names.operatorPackage) ??
    checked(input.defaultOperatorPackage, names.operatorPackage);
  const envPackage =
    checked(env.SVC_OPERATOR_PACKAGE, 'SVC_OPERATOR_PACKAGE') ??
    checked(env.SVC_RECEIVER_PACKAGE, 'SVC_RECEIVER_PACKAGE');
  const target: Target = {
    operatorPackage: givenPackage ?? envPackage ?? OPERATOR_PACKAGES.release,
    operatorPackageSource: givenPackage !== undefined ? 'given' : envPackage !== undefined ? 'env' : 'default',
    driver: driverOf(input, env, names),
  };
  if (input.allowUntestedOperator ?? /^(1|true|yes)$/i.test(env.SVC_ALLOW_UNTESTED_OPERATOR?.trim() ?? '')) {
    target.allowUntestedOperator = true;
  }
  checkServerOf(given ?? fromEnv, env, given !== undefined ? names.deviceId : 'ANDROID_SERIAL');
  if (given !== undefined) {
    target.deviceId = given;
    target.deviceSource = 'explicit';
  } else if (fromEnv !== undefined) {
    target.deviceId = fromEnv;
    target.deviceSource = 'ANDROID_SERIAL';
  }
  return target;
}

function driverOf(input: TargetInput, env: Env, names: TargetFieldNames): DriverChoice {
  const candidates: [string | undefined, string][] = [
    [input.driver, names.driver],
    [input.defaultDriver, names.driver],
    [env.SVC_DRIVER, 'SVC_DRIVER'],
  ];
  for (const [value, path] of candidates) {
    const driver = checked(value, path);
    if (driver === undefined) continue;
    if ((DRIVER_CHOICES as readonly string[]).includes(driver)) return driver as DriverChoice;
    throw new SvcError(
      'EXECUTION_VALIDATION_FAILED',
      `${path} must be one of ${DRIVER_CHOICES.join(', ')} (got ${JSON.stringify(driver)}).`,
      {
        path,
        allowed: [...DRIVER_CHOICES],
      },
    );
  }
  return 'auto';
}

/**
 * A device id of the form `<host>:<port>/<serial>` names an adb server: it must be one of SVC_ADB_SERVERS (or
 * `--adb-server`), else no call could ever reach it.
 */
function checkServerOf(deviceId: string | undefined, env: Env, path: string): void {
  const parts = deviceId === undefined ? undefined : splitDeviceId(deviceId);
  if (parts === undefined) return;
  const servers = (configuredServers(env) ?? []).map(serverLabel);
  if (servers.length > 1 && servers.includes(parts.server)) return;
  throw new SvcError(
    'EXECUTION_VALIDATION_FAILED',
    servers.length > 1
      ? `${path} names the adb server ${parts.server}, which is not one of ${servers.join(', ')}.`
      : `${path} names the adb server ${parts.server}; list it in SVC_ADB_SERVERS (or --adb-server) with another one to reach devices on several hosts.`,
    { path, adbServer: parts.server, adbServers: servers },
  );
}

/**
 * The trimmed value, undefined when blank. Control characters are refused: no serial, package or driver name holds
 * one, and a NUL or newline would cut or forge what reaches the adb server, a log line or a file name.
 */
function checked(value: string | undefined, path: string): string | undefined {
  const text = nonBlank(value);
  if (text !== undefined && /[\u0000-\u001f\u007f]/.test(text)) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `${path} must not contain control characters.`, { path });
  }
  return text;
}
