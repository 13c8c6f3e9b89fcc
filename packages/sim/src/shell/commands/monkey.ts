// `monkey -p <pkg> -c android.intent.category.LAUNCHER <count>`: the way scripts launch an app by package. Prints
// what the monkey wrapper script and Monkey print on Android 15, and aborts when no launcher activity matches.
import type { ShellCommand } from '../../device/types.ts';

const WITH_VALUE = new Set([
  '-p',
  '-c',
  '-s',
  '--throttle',
  '--pct-touch',
  '--pct-motion',
  '--pct-syskeys',
  '--pct-appswitch',
  '--pct-anyevent',
  '--pkg-blacklist-file',
  '--pkg-whitelist-file',
]);

export const monkey: ShellCommand = async (argv, io, device) => {
  const head = argv.map((a) => `  bash arg: ${a}\n`).join('');
  const echo = `args: [${argv.join(', ')}]\n${argv.map((a) => ` arg: "${a}"\n`).join('')}`;
  await io.writeStdout(head + echo);
  const packages: string[] = [];
  const categories: string[] = [];
  let count: number | undefined;
  let data = '';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (WITH_VALUE.has(arg)) {
      const value = argv[++i] ?? '';
      data += `data="${value}"\n`;
      if (arg === '-p') packages.push(value);
      if (arg === '-c') categories.push(value);
    } else if (/^\d+$/.test(arg)) count = Number(arg);
  }
  await io.writeStdout(data);
  if (count === undefined) {
    await io.writeStderr('** Error: Count not specified\n');
    return 1;
  }
  const launcherOnly = categories.every(
    (c) => c === 'android.intent.category.LAUNCHER' || c === 'android.intent.category.MONKEY',
  );
  const candidates = [...device.packages.values()].filter(
    (p) => p.launcherActivity && launcherOnly && (packages.length === 0 || packages.includes(p.name)),
  );
  const target = candidates[0];
  if (!target) {
    await io.writeStderr('** No activities found to run, monkey aborted.\n');
    return 252;
  }
  device.ui.launch(target.name);
  const elapsed = 40 + count;
  await io.writeStdout(
    `Events injected: ${count}\n## Network stats: elapsed time=${elapsed}ms (0ms mobile, 0ms wifi, ${elapsed}ms not connected)\n`,
  );
  return 0;
};
