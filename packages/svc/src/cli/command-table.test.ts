import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Command } from 'commander';
import { COMMAND_MODULES, modulesFor } from './command-table.ts';
import { addGlobalOptions } from './global-options.ts';
import { NO_LAUNCHERS } from './launchers.ts';
import { buildProgram } from './main.ts';

const namesOf = (program: Command) => program.commands.flatMap((c) => [c.name(), ...c.aliases()]);

function programWithGlobals(): Command {
  const program = new Command('svc').version('0.0.0', '--version');
  addGlobalOptions(program);
  return program;
}

test('each command module registers exactly the names the table lists for it', async () => {
  for (const module of COMMAND_MODULES) {
    const program = new Command('svc');
    (await module.load())(program, NO_LAUNCHERS);
    assert.deepEqual(namesOf(program), module.names);
  }
});

test('no command name or alias is listed for two modules', () => {
  const names = COMMAND_MODULES.flatMap((module) => module.names);
  assert.equal(new Set(names).size, names.length);
});

test('a call naming a command needs only the module of that command, after any global options', () => {
  const program = programWithGlobals();
  const only = (argv: string[]) => {
    const needed = modulesFor(argv, program);
    return typeof needed === 'object' ? needed.only.names[0] : needed;
  };
  assert.equal(only(['snapshot']), 'observe');
  assert.equal(only(['exec', '{}']), 'execute');
  assert.equal(only(['--device', 'emulator-5554', '--json', 'tap', '--text', 'OK']), 'open');
  // The action commands are one module, named by the first of them.
  assert.equal(only(['--device=x', '--no-daemon', 'close-app', 'com.x']), only(['tap']));
  assert.equal(only(['--device', '--version', 'snapshot']), 'observe');
  assert.equal(only(['--timeout', '-5', 'wait']), 'open');
  assert.equal(only(['daemon', 'run']), 'daemon');
});

test('help, completion, unknown words and unknown options before the command need every module', () => {
  const program = programWithGlobals();
  for (const argv of [
    [],
    ['--help'],
    ['-h', 'snapshot'],
    ['help', 'snapshot'],
    ['completion', 'bash'],
    ['snapshots'],
    ['--bogus', 'snapshot'],
    ['--json=1', 'snapshot'],
    ['--version=1'],
    ['--', 'snapshot'],
    ['--device'],
  ]) {
    assert.equal(modulesFor(argv, program), 'all', argv.join(' '));
  }
});

test('--version before any command needs no command module', () => {
  const program = programWithGlobals();
  assert.equal(modulesFor(['--version'], program), 'none');
  assert.equal(modulesFor(['--json', '--version', 'snapshot'], program), 'none');
});

test('a program built for one command shows the same help for it as the full program', async () => {
  const full = await buildProgram();
  for (const argv of [['snapshot'], ['on-screen-log', 'set'], ['execute'], ['daemon', 'status']]) {
    const partial = await buildProgram(argv);
    const find = (program: Command) =>
      argv.reduce<Command | undefined>((command, word) => command?.commands.find((c) => c.name() === word), program);
    assert.equal(find(partial)?.helpInformation(), find(full)?.helpInformation(), argv.join(' '));
  }
});
