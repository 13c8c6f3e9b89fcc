// The global options of SPEC 4.4 as values (their flags are defined once, in global-options.ts): parsing them into
// `Globals`, the output mode, the target. No commander at run time here: the hot path (hot-path.ts) uses it too.
import type { Command } from 'commander';
import { type FlagBag, single } from '../builders/flag-values.ts';
import { parseIntegerToken } from '../builders/numeric.ts';
import type { Env } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { resolveTarget, type Target, type TargetFieldNames } from '../submit/target.ts';

export type OutputMode = 'json' | 'pretty';

export interface Globals {
  deviceId?: string;
  operatorPackage?: string;
  /** `--driver auto|operator|adb` as given (checked when the target is resolved). */
  driver?: string;
  /** `--wait-device-ms`: how long to wait for a device busy with another execution. */
  waitDeviceMs?: number;
  output: OutputMode;
  /** `--timeout-ms` / `--timeout`, after the numeric token rule. */
  timeoutMs?: number;
  verbose: boolean;
  /** False when `--no-daemon` was given (for the daemon proxy). */
  daemon: boolean;
  dryRun: boolean;
  validateOnly: boolean;
}

export function parseGlobals(flags: FlagBag): Globals {
  const output = flags.json === true ? 'json' : (single(flags, ['output', 'format']) ?? 'json');
  if (output !== 'json' && output !== 'pretty') {
    throw new SvcError('CLI_USAGE_ERROR', `--output must be json or pretty (got ${output})`);
  }
  const timeout = single(flags, ['timeoutMs', 'timeout'], { allowBlank: true });
  const globals: Globals = {
    output,
    verbose: flags.verbose === true,
    daemon: flags.daemon !== false,
    dryRun: flags.dryRun === true,
    validateOnly: flags.validateOnly === true,
  };
  const deviceId = single(flags, ['device', 'deviceId']);
  if (deviceId !== undefined) globals.deviceId = deviceId;
  const operatorPackage = single(flags, ['operatorPackage', 'receiverPackage']);
  if (operatorPackage !== undefined) globals.operatorPackage = operatorPackage;
  if (timeout !== undefined) globals.timeoutMs = parseIntegerToken(timeout, '--timeout', 'timeoutMs');
  const driver = single(flags, ['driver']);
  if (driver !== undefined) globals.driver = driver;
  const wait = single(flags, ['waitDeviceMs']);
  if (wait !== undefined) globals.waitDeviceMs = parseIntegerToken(wait, '--wait-device-ms', 'waitDeviceMs');
  return globals;
}

/** The global options as seen from any (sub)command. */
export function readGlobals(command: Command): Globals {
  return parseGlobals(command.optsWithGlobals());
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
    { deviceId: globals.deviceId, operatorPackage: globals.operatorPackage, driver: globals.driver },
    env,
    CLI_FIELD_NAMES,
  );
}
