// `svc skills run <id> [--device <serial>] [--timeout-ms <ms>] [--expect-contains <text>] [-- <args>...]`
// (SPEC 4.2, 4.4). JSON mode prints one document when the script ends: the SPEC 4.2 success shape, or the error
// `{ code, message, details }` whose details hold the failure fields. Pretty mode streams the script's stdout and
// stderr to the terminal as they arrive, then a one-line summary (the streamed text is not repeated).
import type { Command } from 'commander';
import { single } from '../../builders/flag-values.ts';
import { SvcError } from '../../contracts/errors.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { targetOf } from '../globals.ts';
import { printError, printValue } from '../output.ts';
import { green } from '../style.ts';

interface RunOutcome {
  skillId: string;
  durationMs: number;
  skillResult: Record<string, unknown> | null;
}

function summary(value: RunOutcome): string {
  const result = value.skillResult === null ? '' : `\nskillResult: ${JSON.stringify(value.skillResult, null, 2)}`;
  return `${green('ok')} skill ${value.skillId} finished in ${value.durationMs} ms${result}`;
}

/** Pretty errors leave out the streams the terminal has already shown. */
function withoutStreams(error: SvcError) {
  const { stdout: _stdout, stderr: _stderr, output: _output, ...details } = error.details ?? {};
  return { code: error.code, message: error.message, details };
}

export function registerSkillsRun(skills: Command): void {
  const run = skills
    .command('run')
    .description(
      "run a skill's script: the device serial first (--device, ANDROID_SERIAL or the only device), then the extra args",
    )
    .argument('<skillId>', 'skill id')
    .argument('[args...]', 'extra script arguments (put them after --)');
  valueFlag(run, '--expect-contains <text>', 'fail with SKILL_OUTPUT_ASSERTION_FAILED unless the output contains it');
  run.action(
    safeAction(async (command, globals, [skillId, extra]) => {
      const [{ loadRegistry }, { runSkill }, { checkTimeoutMs }, { targetSerial }] = await Promise.all([
        import('../../skills/registry.ts'),
        import('../../skills/run-skill.ts'),
        import('../../skills/run-input.ts'),
        import('../../devices/target-serial.ts'),
      ]);
      const target = targetOf(globals, process.env);
      const timeoutMs = globals.timeoutMs === undefined ? undefined : checkTimeoutMs(globals.timeoutMs, 'timeoutMs');
      const pretty = globals.output === 'pretty';
      // The summary starts on its own line even when the script's last output did not end one.
      let lineOpen = false;
      const stream = (chunk: string) => {
        process.stdout.write(chunk);
        if (chunk !== '') lineOpen = !chunk.endsWith('\n');
      };
      const closeLine = () => lineOpen && process.stdout.write('\n');
      try {
        const result = await runSkill(await loadRegistry(process.env), {
          skillId: String(skillId),
          serial: await targetSerial(process.env, target),
          target,
          args: Array.isArray(extra) ? extra.map(String) : [],
          timeoutMs,
          expectContains: single(command.opts(), ['expectContains'], { allowBlank: true }),
          env: process.env,
          ...(pretty
            ? {
                onStdout: stream,
                onStderr: (chunk: string) => process.stderr.write(chunk),
              }
            : {}),
        });
        closeLine();
        printValue(globals.output, result, summary);
        return 0;
      } catch (error) {
        if (!pretty || !(error instanceof SvcError) || !error.code.startsWith('SKILL_')) throw error;
        closeLine();
        printError('pretty', withoutStreams(error));
        return 1;
      }
    }),
  );
  examples(run, [
    'svc skills run com.android.settings.read-wifi --device emulator-5554',
    'svc skills run com.example.notes.create-note --device emulator-5554 --timeout-ms 60000 -- "Groceries" "milk"',
    'svc skills run com.android.settings.read-wifi --expect-contains HomeNet --output pretty',
  ]);
}
