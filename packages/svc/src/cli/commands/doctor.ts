// `svc doctor` (SPEC 4.5, 4.6): the environment diagnostic. Exit 0 with --check-only, else 0 when criticalOk.
import type { Command } from 'commander';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { targetOf } from '../globals.ts';
import { writeJson } from '../output.ts';

export function registerDoctor(program: Command): void {
  const doctor = program
    .command('doctor')
    .description('diagnose host, adb, device and operator app; say what is wrong and how to fix it')
    .option('--fix', 'run the shell fix steps best-effort (adb and svc commands, never a host shell)')
    .option(
      '--full',
      'also check Java, the operator project build/install (SVC_OPERATOR_PROJECT), launch and a smoke run',
    )
    .option('--check-only', 'always exit 0 (read the report instead of the exit code)');
  doctor.action(
    safeAction(async (command, globals) => {
      const flags = command.opts() as { fix?: boolean; full?: boolean; checkOnly?: boolean };
      const [{ createContext }, { runDoctor }, { renderDoctorReport }] = await Promise.all([
        import('../../core/context.ts'),
        import('../../doctor/run-doctor.ts'),
        import('../../doctor/render-pretty.ts'),
      ]);
      const ctx = createContext({ env: process.env, cwd: process.cwd() });
      try {
        const report = await runDoctor(ctx, {
          target: targetOf(globals, process.env),
          fix: flags.fix === true,
          full: flags.full === true,
        });
        if (globals.output === 'pretty') {
          const colors = process.stdout.isTTY === true && !process.env.NO_COLOR;
          process.stdout.write(`${renderDoctorReport(report, { colors, verbose: globals.verbose })}\n`);
        } else {
          writeJson(report);
        }
        return flags.checkOnly === true || report.criticalOk ? 0 : 1;
      } finally {
        await ctx.close();
      }
    }),
  );
  examples(doctor, [
    'svc doctor --output pretty',
    'svc doctor --json --device emulator-5554',
    'svc doctor --fix',
    'SVC_OPERATOR_PROJECT=~/src/operator svc doctor --full',
    'svc doctor --check-only --json',
  ]);
}
