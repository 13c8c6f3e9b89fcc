// Differential proof against the published host CLI (issue 27 item 4): every execution of the corpus
// (packages/svc/test/fixtures/published-operator/differential-corpus.json) runs through the published Clawperator
// host CLI 0.5.2 and through svc, each against `svc-sim start --operator clawperator` from the same start state; the
// device-side commands each sent (the simulator's record) and the results each returned are compared. Prints JSON,
// then a table. Not run by CI: it needs the published CLI, which you provide (this repository holds none of it):
//
//   git -C <clawperator clone> archive v0.5.2 apps/node | tar -x -C /tmp/claw
//   (cd /tmp/claw/apps/node && npm ci && npx tsc)
//   npx node --conditions=svc-source bench/differential-operator.ts --clawperator-cli /tmp/claw/apps/node/dist/cli/index.js
//
// --only <case> runs one case of the corpus; --side clawperator|svc runs one client only.
// Without --clawperator-cli (or SVC_CLAWPERATOR_CLI) it says so and exits 0, so `npm run bench` stays green.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    'clawperator-cli': { type: 'string' },
    only: { type: 'string' },
    side: { type: 'string' },
    record: { type: 'boolean', default: false },
  },
});
const cli = values['clawperator-cli'] ?? process.env.SVC_CLAWPERATOR_CLI;
// --record runs svc alone and writes what it sent and returned as the fixture of differential-corpus.test.ts: the
// whole corpus in the test's order (the first case starts on a fresh log), so not with --only.
if (values.record && values.only) {
  console.error('--record writes the whole corpus: run it without --only');
  process.exit(2);
}
if (!cli && !values.record) {
  const skipped = 'needs the published host CLI: --clawperator-cli <apps/node/dist/cli/index.js>';
  console.log(JSON.stringify({ bench: 'differential-operator', skipped }, null, 2));
  console.log(`\nskipped: ${skipped}`);
  process.exit(0);
}

// Loaded only when the bench runs (a skipped run stays instant).
const { createLab } = await import('../packages/sim/src/testing/lab.ts');
const {
  CLAWPERATOR_PACKAGE,
  dispatched,
  loadCorpus,
  normalizeCommands,
  payloads,
  resetDevice,
  sortedCommands,
  summarizeResult,
} = await import('../packages/svc/test/differential.ts');
const { BIN } = await import('./lib/measure.ts');

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const lab = await createLab({ devices: [{ operator: { variant: 'clawperator' } }] });
const sim = lab.devices[0]!;
const work = await mkdtemp(join(tmpdir(), 'svc-differential-'));
const env = { ...process.env, ...lab.env, HOME: join(work, 'home'), NO_COLOR: '1' };
const cases = loadCorpus().filter((c) => !values.only || c.name === values.only);
const report: Record<string, unknown>[] = [];
try {
  for (const c of cases) {
    const file = join(work, `${c.name}.json`);
    await writeFile(file, JSON.stringify(c.execution));
    const sides: Record<
      string,
      {
        commands: string[];
        sorted: string[];
        dispatched: string[];
        payloads: unknown[];
        result: ReturnType<typeof summarizeResult>;
        ms: number;
      }
    > = {};
    for (const side of ['clawperator', 'svc'] as const) {
      if ((values.side && values.side !== side) || (side === 'clawperator' && !cli)) continue;
      resetDevice(sim);
      const args =
        side === 'clawperator'
          ? [cli!, 'exec', file, '--device', sim.serial, '--operator-package', CLAWPERATOR_PACKAGE]
          : [
              BIN,
              'exec',
              file,
              '--device',
              sim.serial,
              '--operator-package',
              CLAWPERATOR_PACKAGE,
              '--driver',
              'operator',
              '--no-daemon',
              '--output',
              'json',
            ];
      const started = performance.now();
      const out = await run(args, env);
      const ms = Math.round(performance.now() - started);
      const entries = sim.device.commands.entries();
      sides[side] = {
        commands: normalizeCommands(entries),
        sorted: sortedCommands(entries),
        dispatched: dispatched(entries),
        payloads: payloads(entries),
        result: summarizeResult(out.stdout),
        ms,
      };
    }
    const none = { commands: [], sorted: [], dispatched: [], payloads: [], result: { outcome: 'not run' }, ms: 0 };
    const a = sides.clawperator ?? none;
    const b = sides.svc ?? none;
    report.push({
      name: c.name,
      note: c.note,
      commandsIdentical: JSON.stringify(a.sorted) === JSON.stringify(b.sorted),
      payloadsIdentical: JSON.stringify(a.payloads) === JSON.stringify(b.payloads),
      resultsIdentical: JSON.stringify(a.result) === JSON.stringify(b.result),
      clawperator: a,
      svc: b,
    });
  }
} finally {
  await lab.close();
  await rm(work, { recursive: true, force: true });
}

if (values.record) {
  const cases = Object.fromEntries(
    report.map((r) => {
      const svcSide = r.svc as { sorted: string[]; dispatched: string[]; result: unknown };
      return [r.name, { commands: svcSide.sorted, dispatched: svcSide.dispatched, result: svcSide.result }];
    }),
  );
  const about =
    'What svc sends to the device and returns for each execution of differential-corpus.json on `svc-sim start --operator clawperator`, recorded by `bench/differential-operator.ts --record`; held by differential-corpus.test.ts.';
  const file = new URL(
    '../packages/svc/test/fixtures/published-operator/differential-svc-commands.json',
    import.meta.url,
  );
  await writeFile(file, `${JSON.stringify({ about, cases }, null, 2)}\n`);
}

console.log(JSON.stringify({ bench: 'differential-operator', cases: report }, null, 2));
const yes = (v: unknown) => (v ? 'same' : 'DIFF');
console.log(
  `\n${'case'.padEnd(26)} ${'commands'.padEnd(9)} ${'payload'.padEnd(8)} ${'result'.padEnd(7)} clawperator / svc`,
);
for (const r of report) {
  const a = r.clawperator as { result: { outcome: string; status?: string }; ms: number };
  const b = r.svc as typeof a;
  const outcome = (s: typeof a) => `${s.result.status ?? s.result.outcome} ${s.ms} ms`;
  console.log(
    `${String(r.name).padEnd(26)} ${yes(r.commandsIdentical).padEnd(9)} ${yes(r.payloadsIdentical).padEnd(8)} ${yes(r.resultsIdentical).padEnd(7)} ${outcome(a)} / ${outcome(b)}`,
  );
}
