// `svc version`: the CLI version (`{ version }` like every command's JSON output; plain text with --output pretty,
// and `svc --version` is always plain). With `--check-compat` the compatibility
// report of SPEC part 9 against the installed operator app (JSON by default; exit 1 unless compatible).
import type { Command } from 'commander';
import { svcVersion } from '../../core/version.ts';
import type { CompatReport } from '../../doctor/check-compat.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { targetOf } from '../globals.ts';
import { printValue } from '../output.ts';

export function cliVersion(): string {
  return svcVersion();
}

function pretty(report: CompatReport): string {
  const lines = [
    `CLI version:        ${report.cliVersion}`,
    `Operator package:   ${report.operatorPackage} on ${report.deviceId}`,
    `Operator version:   ${report.operatorVersion ?? 'unknown'} (versionCode ${report.operatorVersionCode ?? 'unknown'})`,
    `Verdict:            ${report.verdict} (CLI ${report.cliMajorMinor ?? '?'}, operator ${report.operatorMajorMinor ?? '?'}; major.minor must match)`,
  ];
  if (report.code) lines.push(`Code:               ${report.code}`);
  if (report.remediation) lines.push(`Remediation:        ${report.remediation}`);
  return lines.join('\n');
}

export function registerVersion(program: Command): void {
  const version = program
    .command('version')
    .description('print the CLI version; --check-compat compares it with the installed operator app')
    .option('--check-compat', 'report CLI and operator versions and whether their major.minor match');
  version.action(
    safeAction(async (command, globals) => {
      const flags = command.optsWithGlobals() as { checkCompat?: boolean };
      if (flags.checkCompat !== true) {
        printValue(globals.output, { version: cliVersion() }, (value: { version: string }) => value.version);
        return 0;
      }
      const [{ createContext }, { checkOperatorCompat }] = await Promise.all([
        import('../../core/context.ts'),
        import('../../doctor/check-compat.ts'),
      ]);
      const ctx = createContext({ env: process.env, cwd: process.cwd() });
      try {
        const report = await checkOperatorCompat(ctx, targetOf(globals, process.env));
        printValue(globals.output, report, pretty);
        return report.ok ? 0 : 1;
      } finally {
        await ctx.close();
      }
    }),
  );
  examples(version, [
    'svc version',
    'svc --version',
    'svc version --check-compat',
    'svc version --check-compat --device emulator-5554 --output pretty',
  ]);
}
