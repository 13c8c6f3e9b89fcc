// `svc demo` (`npm run demo`): the README's first command. Starts a simulated device on a private adb server
// (nothing touches the user's adb or devices), runs a sample execution through the real CLI path, prints the
// result readably, and stops everything.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { newIds } from '../../builders/cli-ids.ts';
import { wrapExecution } from '../../builders/execution.ts';
import type { RunResult } from '../../contracts/types.ts';
import { normalizeAndValidateExecution } from '../../contracts/validate.ts';
import { viaDaemon } from '../../submit/submit.ts';
import { resolveTarget } from '../../submit/target.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { printValue } from '../output.ts';
import { renderRunResult } from '../render-run.ts';
import { bold, dim } from '../style.ts';

export function sampleExecution(screenshotPath: string) {
  return wrapExecution(newIds('demo'), 30_000, [
    { id: 'open-settings', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    { id: 'wait-title', type: 'wait_for_node', params: { matcher: { textEquals: 'Settings' } } },
    { id: 'snapshot', type: 'snapshot_ui' },
    { id: 'read-first-entry', type: 'read_text', params: { matcher: { textContains: 'Network' } } },
    { id: 'screenshot', type: 'take_screenshot', params: { path: screenshotPath } },
  ]);
}

function describe(result: RunResult): string {
  const lines = [renderRunResult(result)];
  if (result.ok) {
    for (const step of result.envelope.stepResults ?? []) {
      if (step.actionType === 'read_text') lines.push(`${bold('read')}: "${step.data.text ?? ''}"`);
      if (step.actionType === 'take_screenshot') lines.push(`${bold('screenshot')}: ${step.data.path ?? ''}`);
      if (step.actionType === 'snapshot_ui') {
        const xml = step.data.text ?? '';
        lines.push(`${bold('snapshot')}: ${xml.split('\n').length} lines of hierarchy XML, starting:`);
        lines.push(dim(xml.split('\n').slice(0, 6).join('\n')));
      }
    }
  }
  return lines.join('\n');
}

export function registerDemo(program: Command): void {
  const demo = program
    .command('demo')
    .description('start a simulated device, run a sample execution on it, print the result, stop it')
    .action(
      safeAction(async (command, parsed) => {
        // The demo is for people: pretty unless JSON was asked for explicitly.
        const asked = command.optsWithGlobals();
        const globals = {
          ...parsed,
          output: asked.json || asked.output || asked.format ? parsed.output : 'pretty',
        } as const;
        const { createLab } = await import('svc-sim/testing');
        const log = (line: string) => globals.output === 'pretty' && process.stderr.write(`${dim(line)}\n`);
        process.stderr.write(dim('starting a private adb server and a simulated device...\n'));
        const lab = await createLab({ devices: [{ model: 'svc demo phone' }] });
        try {
          const device = lab.devices[0]?.serial ?? '';
          log(`device ${device} connected to adb on port ${lab.adbPort}`);
          const shot = join(await mkdtemp(join(tmpdir(), 'svc-demo-')), 'settings.png');
          const validated = normalizeAndValidateExecution(sampleExecution(shot));
          if (!validated.ok) throw validated.error;
          const { execution } = validated;
          process.stderr.write(
            dim(`running ${execution.actions.length} actions: ${execution.actions.map((a) => a.type).join(', ')}\n`),
          );
          const env = { ...process.env, ...lab.env };
          const submit = viaDaemon({ env, home: lab.home, daemon: false });
          const target = resolveTarget({ deviceId: device, driver: parsed.driver }, env);
          const result = await submit({ execution, target, cwd: process.cwd(), verbose: globals.verbose });
          printValue(globals.output, result, describe);
          return result.ok && result.succeeded ? 0 : 1;
        } finally {
          await lab.close();
          process.stderr.write(dim('stopped the simulated device and the private adb server\n'));
        }
      }),
    );
  examples(demo, ['npm run demo', 'svc demo --output json']);
}
