// `cmd package query-activities [--brief] [--components] -a <action> -c <category>` (API 24+, AOSP
// PackageManagerShellCommand.runQueryIntentActivities): "No activities found", or with --components one
// `<pkg>/<short class>` per line, else `<n> activities found:` and per match `  Activity #<i>:` then the
// ResolveInfo dump (`name=`, `packageName=` lines: what mobile-mcp's listApps reads); with --brief, the component
// line instead of the dump. A bare package name at the end limits it to that app. Only the launcher intent
// (MAIN + LAUNCHER) matches anything on the simulator: that is what tools ask for.
import type { DeviceApi, ShellIO } from '../../device/types.ts';

const MAIN = 'android.intent.action.MAIN';
const LAUNCHER = 'android.intent.category.LAUNCHER';

function valueAfter(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
}

function split(component: string): { pkg: string; cls: string; short: string } {
  const [pkg = '', raw = ''] = component.split('/');
  const cls = raw.startsWith('.') ? `${pkg}${raw}` : raw;
  const short = cls.startsWith(`${pkg}.`) ? cls.slice(pkg.length) : cls;
  return { pkg, cls, short };
}

/** A bare last word (no `-` flag, no flag's value) is the intent's package, as AOSP Intent.parseCommandArgs reads it. */
function packageArg(args: readonly string[]): string | undefined {
  const last = args.at(-1);
  const flagValue =
    args.length >= 2 &&
    (args.at(-2) as string).startsWith('-') &&
    !['--brief', '--components'].includes(args.at(-2) as string);
  return last === undefined || last.startsWith('-') || flagValue ? undefined : last;
}

export async function queryActivities(args: readonly string[], io: ShellIO, device: DeviceApi): Promise<number> {
  const launcherIntent = valueAfter(args, '-a') === MAIN && valueAfter(args, '-c') === LAUNCHER;
  const only = packageArg(args);
  const found = launcherIntent
    ? [...device.packages.values()]
        .filter((p) => only === undefined || p.name === only)
        .flatMap((p) => (p.launcherActivity ? [split(p.launcherActivity)] : []))
    : [];
  if (found.length === 0) {
    await io.writeStdout('No activities found\n');
    return 0;
  }
  if (args.includes('--components')) {
    await io.writeStdout(found.map((a) => `${a.pkg}/${a.short}\n`).join(''));
    return 0;
  }
  const brief = args.includes('--brief');
  let out = `${found.length} activities found:\n`;
  found.forEach((a, i) => {
    out += `  Activity #${i}:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n`;
    out += brief
      ? `    ${a.pkg}/${a.short}\n`
      : `    ActivityInfo:\n      name=${a.cls}\n      packageName=${a.pkg}\n      enabled=true exported=true directBootAware=false\n`;
  });
  await io.writeStdout(out);
  return 0;
}
