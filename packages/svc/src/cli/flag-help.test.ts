// A flag says the same wherever it means the same: the selector flags come from one table (builders/selector.ts),
// and a flag that fills the same param in several commands (`svc type` and `svc action type`, `svc press` and `svc
// action press-key`, `scroll` and `scroll-until`) has one help text (contracts/actions/flag-help.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Command } from 'commander';
import { SELECTOR_FLAG_SETS } from '../builders/selector.ts';
import { CLI_COMMANDS, flagSpelling } from '../builders/surfaces.ts';
import type { SelectorFlags } from '../contracts/actions/define.ts';
import { addInputs } from './command-kit.ts';

test('every selector flag set shows its flags with the help of the one table, and hides its aliases', () => {
  const jsonHelps = new Map<string, Set<string>>();
  for (const set of Object.keys(SELECTOR_FLAG_SETS) as SelectorFlags[]) {
    const command = addInputs(new Command('x'), [{ kind: 'selector', param: 'matcher', flags: set }]);
    const shown = new Map(command.options.filter((o) => !o.hidden).map((o) => [o.flags, o.description]));
    const hidden = new Map(command.options.filter((o) => o.hidden).map((o) => [o.long, o.description]));
    const { json, table } = SELECTOR_FLAG_SETS[set];
    if (json !== undefined) {
      assert.equal(shown.get(json.flag), json.help, `${set}: ${json.flag}`);
      jsonHelps.set(json.flag, (jsonHelps.get(json.flag) ?? new Set()).add(json.help));
    }
    for (const row of table) {
      assert.equal(shown.get(row.flag), row.help, `${set}: ${row.flag}`);
      for (const alias of row.aliases) assert.equal(hidden.get(alias), `same as ${flagSpelling(row.flag)}`, alias);
    }
    assert.equal(shown.size, table.length + (json === undefined ? 0 : 1), `${set}: ${[...shown.keys()]}`);
  }
  // `svc click --selector` and `svc action click --selector` say the same.
  for (const [flag, helps] of jsonHelps) assert.equal(helps.size, 1, `${flag}: ${[...helps].join(' / ')}`);
});

test('a flag that fills the same param of an action says the same in every command of it', () => {
  const helps = new Map<string, Map<string, string>>();
  const commands = new Map<string, Set<string>>();
  for (const [key, bound] of CLI_COMMANDS) {
    for (const { type, surface } of bound) {
      for (const input of surface.inputs) {
        const flag =
          input.kind === 'flag' || input.kind === 'switch' || input.kind === 'coordinate'
            ? { spelling: input.flag, help: input.help }
            : input.kind === 'argument' && input.flag !== undefined
              ? { spelling: input.flag.flag, help: input.flag.help }
              : undefined;
        if (flag === undefined || !('param' in input) || input.param === undefined) continue;
        const value = input.kind === 'switch' ? `=${String(input.value ?? true)}` : '';
        const same = `${flagSpelling(flag.spelling)} → ${type}.${input.param}${value}`;
        // A flag of `scroll-until` that only `--click` reads says so first; the rest is the flag's one text.
        const help = flag.help.replace(/^with --click: /, '');
        const seen = helps.get(same) ?? new Map<string, string>();
        seen.set(help, seen.get(help) ?? key);
        helps.set(same, seen);
        commands.set(same, (commands.get(same) ?? new Set()).add(key));
      }
    }
  }
  const shared = new Set([...commands].filter(([, keys]) => keys.size > 1).map(([same]) => same));
  const drifted = [...helps].filter(([, seen]) => seen.size > 1);
  assert.deepEqual(
    drifted.map(([same, seen]) => `${same}: ${[...seen].map(([help, key]) => `${key}: "${help}"`).join(', ')}`),
    [],
  );
  assert.ok(helps.size > 10, `only ${helps.size} flags read`);
  assert.ok(shared.size > 3, `only ${[...shared]} in several commands`);
});
