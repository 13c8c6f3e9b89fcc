// The hot path parses an argv only when it reads it exactly as commander does: the same command, the same flags and
// arguments, the same global flags; anything else it declines (and commander takes the call). Checked against the
// real program on chosen and on generated argv lists.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Command, CommanderError } from 'commander';
import fc from 'fast-check';
import { FLAT_CHORE_VERBS } from './chore-command.ts';
import { type CliTable, type CommandSpec, cliTableOf } from './cli-table.ts';
import { FLAT_COMMANDS } from './flat-builders.ts';
import { type HotCall, parseHotCall } from './hot-path.ts';
import { NO_LAUNCHERS } from './launchers.ts';
import { buildProgram } from './main.ts';

const HOT = ['execute', ...Object.keys(FLAT_COMMANDS), ...FLAT_CHORE_VERBS];
const table = cliTableOf(await buildProgram(), HOT);

const silence = (command: Command) => {
  command.configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
  for (const sub of command.commands) silence(sub);
};

/** What commander makes of argv: the call its action would get, `version`, or `error` (usage error, help). */
async function commanderCall(argv: string[]): Promise<HotCall | 'error'> {
  const program = await buildProgram(argv, NO_LAUNCHERS);
  silence(program);
  let call: HotCall | 'error' = 'error';
  for (const command of program.commands) {
    if (!(command.name() in table.commands)) continue;
    command.action((...received: unknown[]) => {
      const self = received.at(-1) as Command;
      call = {
        kind: 'command',
        name: self.name(),
        flags: { ...self.opts() },
        args: self.processedArgs.flat().filter((arg): arg is string => typeof arg === 'string'),
        globalFlags: { ...self.optsWithGlobals() },
      };
    });
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return error.code === 'commander.version' ? { kind: 'version' } : 'error';
  }
  return call;
}

async function agrees(argv: string[]): Promise<HotCall | undefined> {
  const hot = parseHotCall(table, argv);
  if (hot !== undefined) assert.deepEqual(hot, await commanderCall(argv), `argv: ${JSON.stringify(argv)}`);
  return hot;
}

test('the table covers exec and every flat command, with every global option', () => {
  assert.deepEqual(
    Object.values(table.commands)
      .map((spec) => spec.name)
      .filter((name, i, all) => all.indexOf(name) === i)
      .sort(),
    [...HOT].sort(),
  );
  assert.ok(['--device', '--timeout', '--no-daemon', '--dry-run', '--output'].every((flag) => flag in table.globals));
});

test("agents' usual calls take the hot path and read as commander reads them", async () => {
  const payload = '{"commandId":"c","actions":[]}';
  for (const argv of [
    ['exec', payload],
    ['execute', '--device', 'emulator-5554', payload, '--output', 'pretty'],
    ['--device=emulator-5554', 'exec', '--execution', payload],
    ['exec', '-'],
    ['snapshot'],
    ['foreground'],
    ['--device', 'emulator-5554', 'rotate', 'landscape'],
    ['apps', '--all', '--output', 'pretty'],
    ['location', '48.85', '2.29', '--altitude', '35'],
    ['snapshot', '--no-daemon', '--device', 'X', '--timeout-ms', '5000'],
    ['tap', '--text', 'OK', '--long'],
    ['click', '--id', 'a:id/b', '--text', 'x', '--text', 'y'],
    ['--json', 'read', '--text-contains', 'Wi', '--container-id', 'r', '--all'],
    ['wait-for-nav', '--app', 'com.android.settings', '--timeout', '5000'],
    ['type', '--text', '--looks-like-a-flag', '--submit'],
    ['open', 'https://example.com'],
    ['close-app', 'com.android.settings', '--verbose'],
    ['press', 'home'],
    ['sleep', '1500', '--wait-device-ms', '100'],
    ['scroll', 'up', '--container-text', 'List'],
    ['scroll-until', '--text', 'Z', '--click', '--max-swipes', '3'],
    ['--version'],
  ]) {
    assert.notEqual(await agrees(argv), undefined, `hot path declined ${JSON.stringify(argv)}`);
  }
});

test('what the table does not describe goes to commander', async () => {
  for (const argv of [
    [],
    ['--help'],
    ['click', '--help'],
    ['click', '-h'],
    ['click', '--coordinate', '1', '2'],
    ['clik', '--text', 'OK'],
    ['constructor'],
    ['__proto__', '--text', 'OK'],
    ['toString'],
    ['observe', 'snapshot'],
    ['exec', 'best-effort'],
    ['exec', '--', 'x'],
    ['sleep', '-5'],
    ['sleep'],
    ['open', 'a', 'b'],
    ['click', '--text'],
    ['click', '--long=yes'],
    ['--text', 'OK', 'click'],
    ['snapshot', '--version'],
    ['version'],
    ['devices'],
  ]) {
    assert.equal(parseHotCall(table, argv), undefined, JSON.stringify(argv));
  }
});

test('on generated argv lists the hot path either declines or reads exactly what commander reads', async () => {
  const commandFlags = [...new Set(Object.values(table.commands).flatMap((spec) => Object.keys(spec.options)))];
  const value = fc.constantFrom('OK', '', ' ', '12', '-5', 'a b', '{"commandId":"c"}', '-', 'best-effort', '--json');
  const noise = fc.constantFrom(
    '--version',
    '--help',
    '-h',
    '--',
    '--coordinate',
    '--unknown',
    '-x',
    'observe',
    'clik',
  );
  /** An option with its value when it takes one; now and then the value is missing or glued on with `=`. */
  const optionOf = (specs: CliTable['globals']) =>
    fc
      .constantFrom(...Object.keys(specs))
      .chain((flag) =>
        specs[flag]?.takes === 'value'
          ? fc.oneof(
              { weight: 6, arbitrary: value.map((v) => [flag, v]) },
              { weight: 1, arbitrary: value.map((v) => [`${flag}=${v}`]) },
              { weight: 1, arbitrary: fc.constant([flag]) },
            )
          : fc.oneof(
              { weight: 8, arbitrary: fc.constant([flag]) },
              { weight: 1, arbitrary: fc.constant([`${flag}=x`]) },
            ),
      );
  /** A plausible call: global options, a hot command, then its options, global options and arguments, mixed. */
  const call = fc.constantFrom(...Object.keys(table.commands)).chain((name) => {
    const spec = table.commands[name] as CommandSpec;
    const parts = [
      optionOf(table.globals),
      value.map((v) => [v]),
      noise.map((n) => [n]),
      ...(Object.keys(spec.options).length > 0 ? [optionOf(spec.options), optionOf(spec.options)] : []),
    ];
    return fc
      .tuple(fc.array(optionOf(table.globals), { maxLength: 2 }), fc.array(fc.oneof(...parts), { maxLength: 5 }))
      .map(([before, after]) => [...before.flat(), name, ...after.flat()]);
  });
  const anything = fc.array(
    fc.oneof(fc.constantFrom(...Object.keys(table.commands), ...commandFlags, ...Object.keys(table.globals)), value),
    { maxLength: 7 },
  );
  let taken = 0;
  await fc.assert(
    fc.asyncProperty(fc.oneof({ weight: 4, arbitrary: call }, { weight: 1, arbitrary: anything }), async (argv) => {
      if ((await agrees(argv)) !== undefined) taken++;
    }),
    { numRuns: 500, seed: 18 },
  );
  // Not a vacuous property: a fair share of the generated lists took the hot path.
  assert.ok(taken > 100, `only ${taken} of 500 argv lists took the hot path`);
});
