// The global options of SPEC 4.4 as values (their flags are defined once, in global-options.ts): parsing them into
// `Globals`, the output mode, the target. No commander at run time here: the hot path (hot-path.ts) uses it too.
import type { Command } from 'commander';
import { type FlagBag, single } from '../builders/flag-values.ts';
import { parseIntegerToken } from '../builders/numeric.ts';
import { ADB_SERVERS_VAR, parseServerSpec } from '../contracts/adb-servers.ts';
import { codeOf } from '../contracts/conditions.ts';
import type { Env } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { LIMITS, waitDeviceMsProblem } from '../contracts/limits.ts';
import { type ScreenRequest, screenRequestOf } from '../contracts/screen-request.ts';
import { mergeValidationErrors, validationErrorOf } from '../contracts/validation-issue.ts';
import { resolveTarget, type Target, type TargetFieldNames } from '../submit/target.ts';

export type OutputMode = 'json' | 'pretty';

export interface Globals {
  deviceId?: string;
  operatorPackage?: string;
  /** `--driver auto|operator|adb` as given (checked when the target is resolved). */
  driver?: string;
  /** `--wait-device-ms`: how long to wait for a device busy with another execution. */
  waitDeviceMs?: number;
  /** `--allow-untested-operator`: drive a published operator outside the supported versions. */
  allowUntestedOperator?: boolean;
  output: OutputMode;
  /** `--timeout-ms` / `--timeout`, after the numeric token rule. */
  timeoutMs?: number;
  verbose: boolean;
  /** False when `--no-daemon` was given (for the daemon proxy). */
  daemon: boolean;
  dryRun: boolean;
  validateOnly: boolean;
  /** `--format png|jpeg`: the image format of `screenshot` (`--format json|pretty` is the output). */
  imageFormat?: 'png' | 'jpeg';
  /** `--format compact|xml|diff`: the form of `snapshot`. */
  snapshotFormat?: SnapshotFormat;
  /** `--screen full|diff` (and `snapshot --format compact|diff`), `--max-chars`, `--max-elements`. */
  screen?: ScreenRequest;
}

type SnapshotFormat = 'compact' | 'xml' | 'diff';

const IMAGE_FORMATS = ['png', 'jpeg'];
const SNAPSHOT_FORMATS = ['compact', 'xml', 'diff'];

/**
 * `--format` names the output (json, pretty), or the image of screenshot (png, jpeg), or the form of snapshot
 * (compact, xml): the values tell them apart.
 */
function splitFormat(flags: FlagBag): {
  flags: FlagBag;
  imageFormat?: 'png' | 'jpeg';
  snapshotFormat?: SnapshotFormat;
} {
  const values = Array.isArray(flags.format) ? (flags.format as string[]) : [];
  const of = (kinds: string[]) => {
    const found = values.filter((v) => kinds.includes(v));
    if (found.length > 1) {
      throw new SvcError('CLI_USAGE_ERROR', `--format ${kinds.join('|')} was given more than once; give it once`, {
        path: '--format',
      });
    }
    return found[0];
  };
  const image = of(IMAGE_FORMATS);
  const snapshot = of(SNAPSHOT_FORMATS);
  if (image === undefined && snapshot === undefined) return { flags };
  const rest = values.filter((v) => !IMAGE_FORMATS.includes(v) && !SNAPSHOT_FORMATS.includes(v));
  return {
    flags: { ...flags, format: rest.length > 0 ? rest : undefined },
    ...(image === undefined ? {} : { imageFormat: image as 'png' | 'jpeg' }),
    ...(snapshot === undefined ? {} : { snapshotFormat: snapshot as SnapshotFormat }),
  };
}

export function parseGlobals(given: FlagBag): Globals {
  const { flags, imageFormat, snapshotFormat } = splitFormat(given);
  // Every bad value of a global flag is told at once (a repeated flag is a usage error, thrown as it is met).
  const problems: SvcError[] = [];
  const checked = <T>(read: () => T): T | undefined => {
    const { value, error } = validationErrorOf(read);
    if (error) problems.push(error);
    return value;
  };
  const typed = flags.json === true ? 'json' : (single(flags, ['output', 'format']) ?? 'json');
  const output = checked(() => {
    if (typed !== 'json' && typed !== 'pretty') throw badOutput(typed, flags.output === undefined);
    return typed;
  });
  const timeout = single(flags, ['timeoutMs', 'timeout'], { allowBlank: true });
  const globals: Globals = {
    output: output ?? 'json',
    verbose: flags.verbose === true,
    daemon: flags.daemon !== false,
    dryRun: flags.dryRun === true,
    validateOnly: flags.validateOnly === true,
    ...(imageFormat === undefined ? {} : { imageFormat }),
    ...(snapshotFormat === undefined ? {} : { snapshotFormat }),
  };
  const deviceId = single(flags, ['device', 'deviceId']);
  if (deviceId !== undefined) globals.deviceId = deviceId;
  const operatorPackage = single(flags, ['operatorPackage', 'receiverPackage']);
  if (operatorPackage !== undefined) globals.operatorPackage = operatorPackage;
  const timeoutMs =
    timeout === undefined ? undefined : checked(() => parseIntegerToken(timeout, '--timeout', 'timeoutMs'));
  if (timeoutMs !== undefined) globals.timeoutMs = timeoutMs;
  const driver = single(flags, ['driver']);
  if (driver !== undefined) globals.driver = driver;
  if (flags.allowUntestedOperator === true) globals.allowUntestedOperator = true;
  // The driver's and the package's own rules (a known driver, no control characters), told with the others; the
  // device (which may name an adb server of the environment) is checked when the target is resolved.
  checked(() => resolveTarget({ operatorPackage, driver }, {}, CLI_FIELD_NAMES));
  checked(() => useAdbServers(flags.adbServer));
  const wait = single(flags, ['waitDeviceMs']);
  const waitDeviceMs = wait === undefined ? undefined : checked(() => waitDeviceMsOf(wait));
  if (waitDeviceMs !== undefined) globals.waitDeviceMs = waitDeviceMs;
  const screen = checked(() => screenOf(flags, snapshotFormat));
  if (screen !== undefined) globals.screen = screen;
  const invalid = mergeValidationErrors(problems);
  if (invalid) throw invalid;
  return globals;
}

const SCREEN_OF_SNAPSHOT = { compact: 'full', diff: 'diff', xml: 'none' } as const;

/** `--screen`, or snapshot's `--format compact|diff`, with `--max-chars` / `--max-elements`, named as typed. */
function screenOf(flags: FlagBag, snapshotFormat: SnapshotFormat | undefined): ScreenRequest | undefined {
  const count = (name: string, flag: string) => {
    const token = single(flags, [name]);
    return token === undefined ? undefined : parseIntegerToken(token, flag, name);
  };
  const fields = {
    screen: single(flags, ['screen']) ?? (snapshotFormat && SCREEN_OF_SNAPSHOT[snapshotFormat]),
    maxChars: count('maxChars', '--max-chars'),
    maxElements: count('maxElements', '--max-elements'),
  };
  const { value, error } = validationErrorOf(() => screenRequestOf(fields));
  if (error === undefined) return value;
  const path = String(error.details?.path ?? 'screen').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  throw new SvcError(error.code, `--${path}: ${error.message}`, { ...error.details, path: `--${path}` });
}

/** A bad --output (or --format, which also takes the image and snapshot forms where they apply), named as typed. */
function badOutput(value: string, asFormat: boolean): SvcError {
  const flag = asFormat ? '--format' : '--output';
  const accepted = asFormat
    ? 'json or pretty (the output), compact, diff or xml (snapshot), png or jpeg (screenshot)'
    : 'json or pretty';
  return new SvcError(codeOf('invalidInput'), `${flag} must be ${accepted} (got ${value})`, {
    path: flag,
    flag,
    value,
  });
}

/** `--wait-device-ms`: an integer from 0 to MAX_WAIT_DEVICE_MS, as HTTP's and MCP's waitDeviceMs. */
function waitDeviceMsOf(token: string): number {
  const ms = parseIntegerToken(token, '--wait-device-ms');
  if (waitDeviceMsProblem(ms) !== undefined) {
    throw new SvcError(codeOf('invalidInput'), `--wait-device-ms must be from 0 to ${LIMITS.MAX_WAIT_DEVICE_MS}`, {
      path: '--wait-device-ms',
      flag: '--wait-device-ms',
      value: token,
    });
  }
  return ms;
}

/**
 * `--adb-server` (repeatable) becomes SVC_ADB_SERVERS of this process, so everything it starts (the context, the
 * device's daemon, the adb binary) reaches the same servers. Each value must be `tcp:<host>:<port>`.
 */
function useAdbServers(values: unknown): void {
  if (!Array.isArray(values) || values.length === 0) return;
  for (const value of values as string[]) {
    if (parseServerSpec(value) === undefined) {
      throw new SvcError(codeOf('invalidInput'), `--adb-server must look like tcp:<host>:<port> (got ${value})`, {
        path: '--adb-server',
        flag: '--adb-server',
      });
    }
  }
  process.env[ADB_SERVERS_VAR] = (values as string[]).join(',');
}

/** The global options as seen from any (sub)command. */
export function readGlobals(command: Command): Globals {
  return globalsOf(command.name(), command.optsWithGlobals());
}

/** The global options of a call to the command named `commandName` (`--format` values only where they apply). */
export function globalsOf(commandName: string, flags: FlagBag): Globals {
  const globals = parseGlobals(flags);
  if (globals.imageFormat !== undefined && commandName !== 'screenshot') {
    throw new SvcError(
      'CLI_USAGE_ERROR',
      `--format ${globals.imageFormat} is an image format (screenshot only); --output json|pretty sets the output`,
      { flag: '--format' },
    );
  }
  if (globals.snapshotFormat !== undefined && !['snapshot', 'ui'].includes(commandName)) {
    throw new SvcError(
      'CLI_USAGE_ERROR',
      `--format ${globals.snapshotFormat} is a snapshot form (snapshot only); --output json|pretty sets the output`,
      { flag: '--format' },
    );
  }
  return globals;
}

/** Output mode without throwing (used while rendering an error about the flags themselves). */
export function outputModeOf(argv: readonly string[]): OutputMode {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') return 'json';
    if (arg === '--output=pretty' || arg === '--format=pretty') return 'pretty';
    if ((arg === '--output' || arg === '--format') && argv[i + 1] === 'pretty') return 'pretty';
  }
  return 'json';
}

/** How CLI users name the target fields, for error paths. */
const CLI_FIELD_NAMES: TargetFieldNames = {
  deviceId: '--device',
  operatorPackage: '--operator-package',
  driver: '--driver',
};

/** The device, operator package and driver of this call (flags, then the environment, then the defaults). */
export function targetOf(globals: Globals, env: Env): Target {
  return resolveTarget(
    {
      deviceId: globals.deviceId,
      operatorPackage: globals.operatorPackage,
      driver: globals.driver,
      allowUntestedOperator: globals.allowUntestedOperator,
    },
    env,
    CLI_FIELD_NAMES,
  );
}
