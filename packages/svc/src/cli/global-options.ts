// Global options of SPEC 4.4, in both spellings (DECISIONS 2), defined once on the program; commander recognises
// program options before and after the command name, so `svc --device X click ...` and `svc click ... --device X`
// are the same. Commands read them with `readGlobals(command)` (globals.ts).
import { type Command, Option } from 'commander';
import { collectFlag } from '../builders/flag-values.ts';
import { OPERATOR_PACKAGES } from '../contracts/dispatch.ts';

export function addGlobalOptions(program: Command): void {
  const value = (flags: string, description: string, hidden = false) => {
    const option = new Option(flags, description).argParser(collectFlag);
    program.addOption(hidden ? option.hideHelp() : option);
  };
  value('--device <serial>', 'target device serial (default: ANDROID_SERIAL, else the only connected device)');
  value('--device-id <serial>', 'same as --device', true);
  value(
    '--operator-package <pkg>',
    `operator app package (default: SVC_OPERATOR_PACKAGE, else ${OPERATOR_PACKAGES.release})`,
  );
  value('--receiver-package <pkg>', 'same as --operator-package', true);
  value(
    '--driver <name>',
    'auto (default: the operator app where installed, else adb), operator or adb; or SVC_DRIVER',
  );
  value(
    '--adb-server <tcp:host:port>',
    'an adb server to take devices from (repeat for several hosts; ids become <host>:<port>/<serial>); or SVC_ADB_SERVERS',
  );
  value(
    '--wait-device-ms <ms>',
    'wait this long for the device: busy with another execution, briefly offline, or its adb server restarting (default: fail at once)',
  );
  value('--output <format>', 'json (default) or pretty');
  value('--format <format>', 'same as --output', true);
  value('--timeout-ms <ms>', 'execution timeout; on wait and wait-for-nav the action timeout');
  value(
    '--screen <form>',
    'with the result, the compact screen after the run: full, diff (only what changed since your last read) or none (default)',
  );
  value('--max-chars <n>', 'cap a compact screen at this many characters (what is left out is counted; 0: no cap)');
  value('--max-elements <n>', 'cap a compact screen at this many elements (0: no cap)');
  value('--timeout <ms>', 'same as --timeout-ms', true);
  program.option('--json', 'JSON output (same as --output json)');
  program.option('--verbose', 'more diagnostics in errors');
  program.option(
    '--allow-untested-operator',
    'drive a published operator outside the versions svc supports, at your own risk; or SVC_ALLOW_UNTESTED_OPERATOR=1',
  );
  program.option('--no-daemon', 'run directly, never through the background daemon');
  program.option('--dry-run', 'print the normalized execution instead of dispatching it');
  program.option('--validate-only', 'validate the execution without a device; prints { ok, validated }');
}
