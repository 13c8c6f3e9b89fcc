// `svc-sim`: start simulated Android devices that the real adb drives, and control the running ones.
import { controlCommand } from './control-client.ts';
import { START_USAGE } from './usage.ts';

export { runningSerials } from './control-client.ts';

const USAGE = `svc-sim — simulated Android devices for adb

${START_USAGE}
       svc-sim list [--json]
       svc-sim stop [serial]
       svc-sim set-state <serial> device|unauthorized|offline|recovery|sideload|bootloader|rescue [--accept-after MS]
       svc-sim latency <serial> <ms>
       svc-sim disconnect <serial>
       svc-sim notify <serial> --app <pkg> --title <t> --text <t> [--big-text t] [--sub-text t] [--category c]
                     [--ongoing] [--action <title>]... [--reply-action <title>]   (post a notification)
       svc-sim screen <serial> <dump.xml> | --clear   (show a uiautomator dump captured on a real phone)
       svc-sim inputs <serial> [--clear]     (the input events it received, one JSON object per line)
       svc-sim commands <serial> [--clear]   (the shell/exec commands and broadcasts it received, JSON lines)
       svc-sim fault <serial> <name> [ms] | svc-sim fault <serial> --clear [name]
`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  try {
    // Loaded only here: the control commands (list, set-state, ...) stay quick because they never load the simulator.
    if (command === 'start') return await (await import('./start.ts')).startCommand(args);
    const code = await controlCommand(command, args);
    if (code >= 0) return code;
    process.stderr.write(`svc-sim: unknown command ${command}\n${USAGE}`);
    return 2;
  } catch (error) {
    process.stderr.write(`svc-sim: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

// No top-level await: svc bundles this module into a CommonJS chunk (scripts/build.ts).
if (import.meta.main) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
