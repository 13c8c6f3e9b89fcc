// `pm` and `cmd package`: list packages, path, install (push-install from a device file, or `-S N` bytes of stdin),
// uninstall, grant/revoke, clear, resolve-activity. Output as Android 15's PackageManagerShellCommand prints it.
import { normalizePath } from '../../adbd/sync/sync-files.ts';
import { installApk, parseApk, requestedPermissions } from '../../device/apk.ts';
import { readRealApk } from '../../device/real-apk.ts';
import type { DeviceApi, ShellCommand, ShellIO } from '../../device/types.ts';
import { dumpPackage, uidOf } from './dumpsys-package.ts';
import { javaException } from './java-exception.ts';
import { queryActivities } from './pm-query-activities.ts';

/**
 * `-U` (and `--uid`) came with Android 8.0's PackageManagerShellCommand ("-U: also show the package UID"). Android 7
 * (its shell command, options -d -e -f -i -l -lf -s -u -3 --user) prints "Error: Unknown option: -U" on stdout and
 * returns -1, which `cmd package` passes on (255) but `pm` does not: Android 7's Pm.java hands `list` to the package
 * service (runShellCommand) and returns 0 whatever it answered. Android 5 and 6 (cmds/pm Pm.java runListPackages)
 * print it on stderr and return 1. Nothing is listed.
 */
async function refusedOption(arg: string, io: ShellIO, device: DeviceApi, via: Via): Promise<number | undefined> {
  const sdk = Number(device.props.get('ro.build.version.sdk') ?? 35);
  if (sdk >= 26 || (arg !== '-U' && arg !== '--uid')) return undefined;
  const words = `Error: Unknown option: ${arg}\n`;
  if (sdk >= 24) {
    await io.writeStdout(words);
    return via === 'pm' ? 0 : 255;
  }
  await io.writeStderr(words);
  return 1;
}

/** Which command line reached the package service: `pm` or `cmd package` (Android 7 differ in exit status). */
type Via = 'pm' | 'cmd';

async function listPackages(args: readonly string[], io: ShellIO, device: DeviceApi, via: Via): Promise<number> {
  const flags = new Set<string>();
  let filter = '';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const refused = await refusedOption(arg, io, device, via);
    if (refused !== undefined) return refused;
    if (arg === '--user' || arg === '--uid' || arg === '--apex-only') i++;
    else if (arg.startsWith('-')) for (const f of arg === '--show-versioncode' ? ['V'] : arg.slice(1)) flags.add(f);
    else filter = arg;
  }
  const rows = [...device.packages.values()]
    .filter((p) => (!flags.has('3') || p.thirdParty) && (!flags.has('s') || !p.thirdParty) && p.name.includes(filter))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((p) => {
      let line = flags.has('f') ? `package:${p.apkPath}=${p.name}` : `package:${p.name}`;
      if (flags.has('V')) line += ` versionCode:${p.versionCode}`;
      if (flags.has('U')) line += ` uid:${uidOf(p)}`;
      if (flags.has('i')) line += `  installer=${p.thirdParty ? 'com.android.shell' : 'null'}`;
      return `${line}\n`;
    });
  await io.writeStdout(rows.join(''));
  return 0;
}

async function readExactly(io: ShellIO, size: number): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  let got = 0;
  if (size > 0) {
    for await (const chunk of io.stdin) {
      const take = chunk.subarray(0, size - got);
      out.set(take, got);
      got += take.length;
      if (got >= size) break;
    }
  }
  return got === size ? out : out.subarray(0, got);
}

async function install(args: readonly string[], io: ShellIO, device: DeviceApi): Promise<number> {
  let size: number | undefined;
  let path: string | undefined;
  let allowDowngrade = false;
  let grantAll = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-S') size = Number(args[++i]);
    else if (arg === '--user' || arg === '-i' || arg === '--install-reason' || arg === '--originating-uri') i++;
    else if (arg === '-d') allowDowngrade = true;
    else if (arg === '-g') grantAll = true;
    else if (!arg.startsWith('-')) path = arg;
  }
  let bytes: Uint8Array;
  if (size !== undefined && Number.isInteger(size) && size >= 0 && (path === undefined || path === '-')) {
    bytes = await readExactly(io, size);
    if (bytes.length < size) {
      await io.writeStdout(
        `Failure [INSTALL_FAILED_INVALID_APK: Stream ended after ${bytes.length} of ${size} bytes]\n`,
      );
      return 1;
    }
  } else if (path !== undefined) {
    const file = device.files.get(normalizePath(path));
    if (!file) {
      await io.writeStderr(javaException('install', 'IllegalArgumentException', `Error: Can't open file: ${path}`));
      return 255;
    }
    bytes = file.data;
  } else {
    await io.writeStderr('Error: must either specify a package size or an APK file\n');
    return 1;
  }
  // A real APK (a zip, such as Appium Settings) is read for its manifest; the simulator's own APKs are JSON.
  const outcome = installApk(
    device,
    bytes,
    { allowDowngrade, grantAll },
    parseApk(bytes) ?? (await readRealApk(bytes)),
  );
  if (!outcome.ok) {
    await io.writeStdout(`Failure [${outcome.failure}]\n`);
    return 1;
  }
  await io.writeStdout('Success\n');
  return 0;
}

async function uninstall(args: readonly string[], io: ShellIO, device: DeviceApi): Promise<number> {
  const forUser = args.includes('--user');
  const name = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--user').at(-1);
  const pkg = name === undefined ? undefined : device.packages.get(name);
  // A system app is only removed for the user (`--user 0`); the full uninstall fails as on a real phone.
  // An updated system app loses only its update, with "Success", and the factory version stays installed
  // (samolego/Canta#173; d4rken-org/sdmaid#220: "Updated system applications require 2 uninstalls").
  if (pkg?.factory !== undefined && !forUser) {
    const { factory, ...updated } = pkg;
    device.packages.set(pkg.name, { ...updated, ...factory });
    await io.writeStdout('Success\n');
    return 0;
  }
  if (!pkg || (!pkg.thirdParty && !forUser)) {
    await io.writeStdout('Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
    return 1;
  }
  if (device.uninstallPackage) device.uninstallPackage(pkg.name);
  else device.packages.delete(pkg.name);
  await io.writeStdout('Success\n');
  return 0;
}

async function grant(verb: 'grant' | 'revoke', args: readonly string[], io: ShellIO, device: DeviceApi) {
  const [name, permission] = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--user');
  if (name === undefined || permission === undefined) {
    await io.writeStderr('Error: no package or permission specified\n');
    return 1;
  }
  const pkg = device.packages.get(name);
  if (!pkg) {
    await io.writeStderr(javaException(verb, 'IllegalArgumentException', `Unknown package: ${name}`));
    return 255;
  }
  if (!/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/.test(permission)) {
    await io.writeStderr(javaException(verb, 'IllegalArgumentException', `Unknown permission: ${permission}`));
    return 255;
  }
  const wanted = requestedPermissions(pkg);
  if (wanted && !wanted.includes(permission)) {
    const message = `Package ${name} has not requested permission ${permission}`;
    await io.writeStderr(javaException(verb, 'SecurityException', message));
    return 255;
  }
  const granted = new Set(pkg.grantedPermissions ?? []);
  if (verb === 'grant') granted.add(permission);
  else granted.delete(permission);
  pkg.grantedPermissions = [...granted];
  return 0;
}

async function resolveActivity(args: readonly string[], io: ShellIO, device: DeviceApi): Promise<number> {
  const name = args.filter((a, i) => !a.startsWith('-') && !['-c', '-a', '--user'].includes(args[i - 1] ?? '')).at(-1);
  const activity = name === undefined ? undefined : device.packages.get(name)?.launcherActivity;
  if (!activity) {
    await io.writeStdout('No activity found\n');
    return 0;
  }
  const [pkg, cls = ''] = activity.split('/');
  const short = cls.startsWith(`${pkg}.`) ? cls.slice((pkg ?? '').length) : cls;
  await io.writeStdout(`priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n${pkg}/${short}\n`);
  return 0;
}

/** Shared by `pm <args>` and `cmd package <args>`. */
export async function packageCommand(
  argv: readonly string[],
  io: ShellIO,
  device: DeviceApi,
  via: Via = 'cmd',
): Promise<number> {
  // A system still starting has no package service yet: `cmd package` and `pm` answer with cmd's words
  // (evdenis/adb_root#6, docker-android-sdk/android-30#6), played while the property below is 1.
  if (device.props.get('svc.sim.package_service_down') === '1') {
    await io.writeStderr("cmd: Can't find service: package\n");
    return 20;
  }
  const [verb, ...args] = argv;
  switch (verb) {
    case 'list':
      if (args[0] === 'packages') return listPackages(args.slice(1), io, device, via);
      break;
    case 'path': {
      const pkg = device.packages.get(args.filter((a) => !a.startsWith('-')).at(-1) ?? '');
      if (!pkg) return 1;
      await io.writeStdout(`package:${pkg.apkPath}\n`);
      return 0;
    }
    case 'install':
      return install(args, io, device);
    case 'uninstall':
      return uninstall(args, io, device);
    case 'grant':
    case 'revoke':
      return grant(verb, args, io, device);
    case 'clear':
      await io.writeStdout(device.packages.has(args.at(-1) ?? '') ? 'Success\n' : 'Failed\n');
      return 0;
    case 'resolve-activity':
      // `package_command_exception`: the package service throws while it runs the command; the shell command
      // handler prints the exception and its trace (frameworks/libs/modules-utils BasicShellCommandHandler.exec:
      // "Exception occurred while executing '<cmd>':" then printStackTrace), exit 255.
      if (device.faults.get('package_command_exception') !== undefined) {
        await io.writeStderr(
          javaException(verb, 'SecurityException', 'Shell does not have permission to access user 0'),
        );
        return 255;
      }
      return resolveActivity(args, io, device);
    case 'query-activities':
      return queryActivities(args, io, device);
    case 'dump':
      return dumpPackage(args.at(-1) ?? '', io, device);
    case undefined:
      await io.writeStderr('usage: pm [list|path|install|uninstall|grant|revoke|clear|resolve-activity|dump] ...\n');
      return 1;
  }
  await io.writeStderr(`Unknown command: ${[verb, ...args].slice(0, verb === 'list' ? 2 : 1).join(' ')}\n`);
  return 255;
}

export const pm: ShellCommand = (argv, io, device) => packageCommand(argv, io, device, 'pm');
