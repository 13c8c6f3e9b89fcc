// `svc emulator list | inspect <name> | create | start <name> | stop <name> | delete <name> | status | provision`
// and the alias `svc provision emulator` (SPEC 4.4): the same payloads as the emulator HTTP routes (SPEC 4.1).
// `--timeout-ms` bounds the long steps (image install, boot, stop); their progress goes to stderr on a terminal
// (or with --verbose), so stdout stays one JSON document.
import type { Command } from 'commander';
import { single } from '../../builders/flag-values.ts';
import type { ConfiguredAvd } from '../../emulators/avd-config.ts';
import type { EmulatorDeps } from '../../emulators/deps.ts';
import type { SdkStatus } from '../../emulators/sdk-tools.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import type { Globals } from '../globals.ts';
import { printValue } from '../output.ts';
import { table } from '../style.ts';

async function depsFor(globals: Globals): Promise<EmulatorDeps> {
  const [{ createEmulatorDeps }, { progressReporter }] = await Promise.all([
    import('../../emulators/deps.ts'),
    import('../../emulators/progress-reporter.ts'),
  ]);
  return createEmulatorDeps(process.env, progressReporter(process.stderr, { verbose: globals.verbose }));
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function prettyAvd(avd: ConfiguredAvd): string {
  const lines = [
    `${avd.name}: ${avd.supported ? 'supported' : `unsupported (${avd.unsupportedReasons.join(', ')})`}`,
    `  running ${yesNo(avd.running)}, API ${avd.apiLevel}, ${avd.abi || '?'}, ${avd.deviceProfile || '?'}, Play Store ${yesNo(avd.playStore)}`,
    `  image ${avd.systemImage || '?'}`,
  ];
  if (avd.configProblem) lines.push(`  problem: ${avd.configProblem}`);
  return lines.join('\n');
}

/** A line under a listing when the SDK (or a tool of it) is missing. */
function sdkNote(sdk: SdkStatus): string {
  if (sdk.missing.length === 0) return '';
  const what = sdk.root === null ? 'No Android SDK found' : `Missing from the Android SDK: ${sdk.missing.join(', ')}`;
  return `\n${what}. ${sdk.hint ?? ''}`;
}

function prettyAvds(value: { avds: ConfiguredAvd[]; sdk: SdkStatus }): string {
  return prettyAvdTable(value.avds) + sdkNote(value.sdk);
}

function prettyAvdTable(avds: ConfiguredAvd[]): string {
  const value = { avds };
  if (value.avds.length === 0) return 'No AVDs. Create the supported one with `svc emulator create`.';
  const rows = value.avds.map((avd) => [
    avd.name,
    avd.supported ? 'yes' : 'no',
    yesNo(avd.running),
    String(avd.apiLevel),
    avd.abi,
    avd.deviceProfile,
    avd.unsupportedReasons.join(','),
  ]);
  return table(['NAME', 'SUPPORTED', 'RUNNING', 'API', 'ABI', 'PROFILE', 'REASONS'], rows);
}

function prettyRunning(value: {
  devices: Array<{ serial: string; avdName: string; booted: boolean }>;
  sdk: SdkStatus;
}): string {
  const note = sdkNote(value.sdk);
  if (value.devices.length === 0) return `No emulator is running.${note}`;
  return (
    table(
      ['SERIAL', 'AVD', 'BOOTED'],
      value.devices.map((d) => [d.serial, d.avdName, yesNo(d.booted)]),
    ) + note
  );
}

const prettyFields = (value: Record<string, unknown>) =>
  Object.entries(value)
    .filter(([key]) => key !== 'ok')
    .map(([key, field]) => `${key}: ${String(field)}`)
    .join('\n');

/** `--api-level 35` → 35; anything else travels as given so the create rules reject it naming `apiLevel`. */
function apiLevelOf(token: string | undefined): unknown {
  if (token === undefined) return undefined;
  return /^\d{1,3}$/.test(token.trim()) ? Number(token.trim()) : token;
}

async function provision(globals: Globals): Promise<number> {
  const { provisionEmulator } = await import('../../emulators/provision-emulator.ts');
  const result = await provisionEmulator(await depsFor(globals), globals.timeoutMs);
  printValue(globals.output, { ok: true, ...result }, prettyFields);
  return 0;
}

export function registerEmulator(program: Command): void {
  const group = program
    .command('emulator')
    .description('Android emulators (AVDs): list, inspect, create, start, stop, delete, status, provision');

  const list = group.command('list').description('configured AVDs with their support verdict');
  list.action(
    safeAction(async (_command, globals) => {
      const [{ listAvds }, { sdkStatus }] = await Promise.all([
        import('../../emulators/list-avds.ts'),
        import('../../emulators/sdk-tools.ts'),
      ]);
      const [avds, sdk] = await Promise.all([listAvds(await depsFor(globals)), sdkStatus(process.env)]);
      printValue(globals.output, { ok: true, avds, sdk }, prettyAvds);
      return 0;
    }),
  );

  const inspect = group.command('inspect').description('one AVD and why it is (un)supported').argument('<name>');
  inspect.action(
    safeAction(async (_command, globals, [name]) => {
      const { inspectAvd } = await import('../../emulators/list-avds.ts');
      const avd = await inspectAvd(await depsFor(globals), String(name));
      printValue(globals.output, { ok: true, ...avd }, prettyAvd);
      return 0;
    }),
  );

  const create = group
    .command('create')
    .description('create an AVD (default: the supported svc-pixel), installing its system image when missing');
  valueFlag(create, '--name <name>', 'AVD name (default svc-pixel)');
  valueFlag(create, '--api-level <n>', 'API level (default 35)');
  valueFlag(create, '--abi <abi>', 'ABI (default arm64-v8a)');
  valueFlag(create, '--device-profile <id>', 'hardware profile (default pixel_7)');
  create.option('--no-play-store', 'use the Google APIs image without the Play Store');
  create.action(
    safeAction(async (command, globals) => {
      const { createAvd } = await import('../../emulators/create-avd.ts');
      const flags = command.opts();
      const request = {
        name: single(flags, ['name']),
        apiLevel: apiLevelOf(single(flags, ['apiLevel'])),
        abi: single(flags, ['abi']),
        deviceProfile: single(flags, ['deviceProfile']),
        ...(flags.playStore === false ? { playStore: false } : {}),
      };
      const avd = await createAvd(await depsFor(globals), request, globals.timeoutMs);
      printValue(globals.output, { ok: true, ...avd }, prettyAvd);
      return 0;
    }),
  );

  const start = group.command('start').description('boot an AVD and wait until it is ready').argument('<name>');
  start.action(
    safeAction(async (_command, globals, [name]) => {
      const { startEmulator } = await import('../../emulators/start-emulator.ts');
      const result = await startEmulator(await depsFor(globals), String(name), globals.timeoutMs);
      printValue(globals.output, { ok: true, ...result }, prettyFields);
      return 0;
    }),
  );

  const stop = group.command('stop').description('stop a running emulator (emu kill)').argument('<name>');
  stop.action(
    safeAction(async (_command, globals, [name]) => {
      const { stopEmulator } = await import('../../emulators/stop-emulator.ts');
      const result = await stopEmulator(await depsFor(globals), String(name), globals.timeoutMs);
      printValue(globals.output, { ok: true, ...result }, prettyFields);
      return 0;
    }),
  );

  const remove = group.command('delete').description('delete a stopped AVD').argument('<name>');
  remove.action(
    safeAction(async (_command, globals, [name]) => {
      const { deleteAvd } = await import('../../emulators/delete-avd.ts');
      const result = await deleteAvd(await depsFor(globals), String(name));
      printValue(globals.output, { ok: true, ...result }, prettyFields);
      return 0;
    }),
  );

  const status = group.command('status').description('running emulators: serial, AVD name, boot state, support');
  status.action(
    safeAction(async (_command, globals) => {
      const [{ listRunningWithSupport }, { sdkStatus }] = await Promise.all([
        import('../../emulators/list-avds.ts'),
        import('../../emulators/sdk-tools.ts'),
      ]);
      const [devices, sdk] = await Promise.all([
        listRunningWithSupport(await depsFor(globals)),
        sdkStatus(process.env),
      ]);
      printValue(globals.output, { ok: true, devices, sdk }, prettyRunning);
      return 0;
    }),
  );

  const provisionCommand = group
    .command('provision')
    .description('make a supported emulator ready: reuse a running one, else start, else create and start');
  provisionCommand.action(safeAction((_command, globals) => provision(globals)));

  const alias = program.command('provision').description('provision resources (alias group)');
  const aliasEmulator = alias
    .command('emulator')
    .description('same as `svc emulator provision`')
    .action(safeAction((_command, globals) => provision(globals)));

  examples(group, [
    'svc emulator list',
    'svc emulator create',
    'svc emulator start svc-pixel --timeout-ms 900000',
    'svc emulator status',
    'svc emulator provision',
  ]);
  group.addHelpText(
    'after',
    '\n--timeout-ms bounds the long steps: image install, boot (default 600000 ms), stop (default 30000 ms).\n' +
      'Progress goes to stderr on a terminal, or always with --verbose.\n',
  );
  examples(list, ['svc emulator list', 'svc emulator list --output pretty']);
  examples(inspect, ['svc emulator inspect svc-pixel']);
  examples(stop, ['svc emulator stop svc-pixel']);
  examples(remove, ['svc emulator delete svc-pixel']);
  examples(status, ['svc emulator status', 'svc emulator status --output pretty']);
  examples(provisionCommand, ['svc emulator provision', 'svc emulator provision --timeout-ms 1800000 --verbose']);
  examples(aliasEmulator, ['svc provision emulator']);
  examples(create, [
    'svc emulator create',
    'svc emulator create --name old --api-level 33 --abi x86_64 --no-play-store',
  ]);
  examples(start, ['svc emulator start svc-pixel', 'svc emulator start svc-pixel --timeout-ms 900000 --verbose']);
}
