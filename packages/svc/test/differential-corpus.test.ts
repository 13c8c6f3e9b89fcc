// The differential corpus against the simulated published operator (issue 27 item 4): svc runs every execution of
// fixtures/published-operator/differential-corpus.json against `svc-sim start --operator clawperator`, and the
// device-side commands it sends and the results it returns must stay those recorded in
// differential-svc-commands.json (recorded with `bench/differential-operator.ts --record`; the same bench compares
// them with the published host CLI's, and docs/published-operator.md explains every difference). Each execution the
// device received is held too: after a step whose selector found nothing, svc sends one more, a lone snapshot_ui
// that reads the screen to name the closest elements (D-54 there); it never re-runs an action.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import {
  CLAWPERATOR_PACKAGE,
  dispatched,
  loadCorpus,
  resetDevice,
  sortedCommands,
  summarizeResult,
} from './differential.ts';
import { runCli } from './run-cli.ts';

const recorded = JSON.parse(
  readFileSync(new URL('./fixtures/published-operator/differential-svc-commands.json', import.meta.url), 'utf8'),
) as { cases: Record<string, { commands: string[]; dispatched: string[]; result: unknown }> };

let lab: Lab;
before(async () => {
  lab = await createLab({ devices: [{ operator: { variant: 'clawperator' } }] });
});
after(() => lab?.close());

for (const c of loadCorpus()) {
  test(`svc sends the recorded device commands and returns the recorded result: ${c.name}`, async () => {
    const sim = lab.devices[0]!;
    resetDevice(sim);
    const file = join(lab.home, `${c.name}.json`);
    await writeFile(file, JSON.stringify(c.execution));
    const out = await runCli(
      [
        'exec',
        file,
        '--device',
        sim.serial,
        '--operator-package',
        CLAWPERATOR_PACKAGE,
        '--driver',
        'operator',
        '--no-daemon',
      ],
      { env: lab.env },
    );
    const want = recorded.cases[c.name];
    assert.ok(want, `${c.name} is recorded`);
    assert.deepEqual(sortedCommands(sim.device.commands.entries()), want.commands);
    assert.deepEqual(dispatched(sim.device.commands.entries()), want.dispatched);
    assert.deepEqual(summarizeResult(out.stdout), want.result, out.stdout.slice(0, 2000));
  });
}
