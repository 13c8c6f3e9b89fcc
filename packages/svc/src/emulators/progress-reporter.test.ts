import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEmulatorDeps, pollUntil } from './deps.ts';
import { progressReporter } from './progress-reporter.ts';

function sink(isTTY: boolean) {
  const lines: string[] = [];
  return { isTTY, lines, write: (text: string) => lines.push(text) };
}

describe('progressReporter', () => {
  it('writes progress lines with the elapsed seconds when the stream is a terminal', () => {
    const stream = sink(true);
    let clock = 1_000;
    const report = progressReporter(stream, { verbose: false, now: () => clock });
    report('Starting svc-pixel');
    clock += 42_500;
    report('  booted  ');
    report('   ');
    assert.deepEqual(stream.lines, ['[svc emulator 0s] Starting svc-pixel\n', '[svc emulator 42s] booted\n']);
  });

  it('stays silent when the stream is not a terminal, unless verbose asks for it', () => {
    const quiet = sink(false);
    progressReporter(quiet, { verbose: false })('Starting');
    assert.deepEqual(quiet.lines, []);
    const verbose = sink(false);
    progressReporter(verbose, { verbose: true })('Starting');
    assert.equal(verbose.lines.length, 1);
  });
});

describe('pollUntil', () => {
  it('reports that it is still waiting every heartbeat and gives up at the deadline', async () => {
    let clock = 0;
    const messages: string[] = [];
    const deps = {
      ...createEmulatorDeps({}, (m) => messages.push(m)),
      now: () => clock,
      sleep: async (ms: number) => {
        clock += ms;
      },
      pollMs: 1_000,
      heartbeatMs: 10_000,
    };
    const result = await pollUntil(deps, 25_000, async () => undefined, 'boot completion');
    assert.equal(result, undefined);
    assert.deepEqual(messages, [
      'still waiting for boot completion (10 s of 25 s)',
      'still waiting for boot completion (20 s of 25 s)',
    ]);
  });

  it('returns the first value the probe yields, treating a throwing probe as not ready', async () => {
    let calls = 0;
    const deps = { ...createEmulatorDeps({}), sleep: async () => {}, pollMs: 1 };
    const value = await pollUntil(deps, Date.now() + 60_000, async () => {
      calls += 1;
      if (calls === 1) throw new Error('adb hiccup');
      return calls === 3 ? 'ready' : undefined;
    });
    assert.equal(value, 'ready');
    assert.equal(calls, 3);
  });
});
