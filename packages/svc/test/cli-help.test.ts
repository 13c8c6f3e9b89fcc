// Help for every command with examples, `svc help <command>`, and completion scripts built from the same tree.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import type { Command } from 'commander';
import { buildProgram } from '../src/cli/main.ts';
import { runCli } from './run-cli.ts';

function leafPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    return sub.commands.length === 0 ? [path] : [path, ...leafPaths(sub, path)];
  });
}

test('every command and subcommand answers --help with a description and examples', async () => {
  const paths = leafPaths(await buildProgram()).filter((p) => p.at(-1) !== 'best-effort');
  const missing: string[] = [];
  await Promise.all(
    paths.map(async (path) => {
      const run = await runCli([...path, '--help']);
      const isGroup = /Commands:/.test(run.stdout);
      if (run.code !== 0 || !/Usage: svc/.test(run.stdout) || (!isGroup && !/Examples:\n {2}\$ /.test(run.stdout))) {
        missing.push(path.join(' '));
      }
    }),
  );
  assert.deepEqual(missing, []);
});

test('no two commands in the list share a description (each says what it is)', async () => {
  const commands = (await buildProgram()).commands;
  const byDescription = new Map<string, string[]>();
  for (const command of commands) {
    const said = command.summary() || command.description();
    byDescription.set(said, [...(byDescription.get(said) ?? []), command.name()]);
  }
  const shared = [...byDescription].filter(([, names]) => names.length > 1);
  assert.deepEqual(shared, []);
  const keyboard = commands.find((command) => command.name() === 'keyboard');
  assert.match(keyboard?.description() ?? '', /keyboard/i);
});

test("a device tool's help speaks in flags and commands, not in the argument names of HTTP and MCP", async () => {
  const start = (await runCli(['help', 'record', 'start'])).stdout;
  assert.match(start, /at most --time-limit-s\s+seconds/);
  assert.match(start, /then svc record stop,\s+then svc record pull/);
  assert.match(start, /--time-limit-s <n> /);
  const pull = (await runCli(['help', 'record', 'pull'])).stdout;
  assert.match(pull, /unless --keep-on-device/);
  assert.match(pull, /^ {2}recordingId +The recordingId record start gave/m);
  assert.doesNotMatch(start + pull, /<value>|timeLimitS|keepOnDevice|record-stop/);
});

test('svc help <command> prints that command’s help', async () => {
  const run = await runCli(['help', 'wait-for-nav']);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /Usage: svc wait-for-nav/);
  assert.match(run.stdout, /--app <package>/);
  const nested = await runCli(['help', 'on-screen-log', 'set']);
  assert.match(nested.stdout, /Usage: svc on-screen-log set/);
  assert.match(nested.stdout, /--ttl-ms <ms>/);
});

test('svc help with a word that names no command says unknown command, with a suggestion', async () => {
  for (const [argv, message] of [
    [['help', 'nosuch'], "unknown command 'nosuch'"],
    [['help', 'snapshots'], "unknown command 'snapshots'; did you mean snapshot?"],
    [['help', 'daemon', 'nosuch'], "unknown command 'nosuch'"],
  ] as const) {
    const run = await runCli([...argv]);
    assert.equal(run.code, 1, argv.join(' '));
    const error = JSON.parse(run.stdout);
    assert.equal(error.code, 'CLI_USAGE_ERROR');
    assert.equal(error.message, message);
    assert.equal(error.details.reason, 'unknownCommand');
    assert.doesNotMatch(run.stdout + run.stderr, /svc {2}|needs a subcommand/);
  }
});

test('svc daemon help and its usage error do not list the internal run subcommand', async () => {
  const help = await runCli(['daemon', '--help']);
  assert.match(help.stdout, /^ {2}start /m);
  assert.doesNotMatch(help.stdout, /^ {2}run\b/m);
  const missing = await runCli(['daemon']);
  assert.ok(!JSON.parse(missing.stdout).details.subcommands.includes('run'));
});

test('the device tools read in the command list like the other commands; their own help gives the whole story', async () => {
  const list = (await runCli(['help'])).stdout;
  assert.match(list, /^ {2}install <apk> +install an APK$/m);
  assert.match(list, /^ {2}crashes \[options\] +recent crashes and ANRs$/m);
  assert.match(list, /^ {2}foreground +app in front$/m);
  const install = (await runCli(['help', 'install'])).stdout;
  assert.match(install, /Install \(or update, keeping data\) an APK file from this computer/);
  assert.match(install, /APK_NOT_FOUND/);
});

test('svc completion bash is valid bash and offers commands and flags', async () => {
  const run = await runCli(['completion', 'bash']);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /complete -F _svc svc/);
  const dir = await mkdtemp(join(tmpdir(), 'svc-completion-'));
  const file = join(dir, 'svc.bash');
  await writeFile(
    file,
    `${run.stdout}\nCOMP_WORDS=(svc on-screen-log set --wi); COMP_CWORD=3; _svc; printf '%s\\n' "\${COMPREPLY[@]}"\n`,
  );
  const { stdout } = await promisify(execFile)('bash', [file]);
  assert.deepEqual(stdout.trim().split('\n').sort(), ['--width-dp']);
  const top = await promisify(execFile)('bash', [
    '-c',
    `source ${file} >/dev/null; COMP_WORDS=(svc scr); COMP_CWORD=1; _svc; printf '%s\\n' "\${COMPREPLY[@]}"`,
  ]);
  assert.deepEqual(top.stdout.trim().split('\n').sort(), [
    'screen',
    'screenshot',
    'scroll',
    'scroll-and-click',
    'scroll-until',
  ]);
});

test('completion offers only what help shows: never the internal daemon run', async () => {
  for (const shell of ['bash', 'zsh']) {
    const script = (await runCli(['completion', shell])).stdout;
    const daemon = /"daemon"\) cands="([^"]*)"/.exec(script)?.[1] ?? '';
    assert.match(daemon, /\bstart\b/, shell);
    assert.doesNotMatch(daemon, /(^| )run( |$)/, shell);
    assert.doesNotMatch(script, /"daemon run"\)/, shell);
  }
});

test('svc completion zsh prints a compdef script; other shells are usage errors', async () => {
  const zsh = await runCli(['completion', 'zsh']);
  assert.match(zsh.stdout, /^#compdef svc/);
  assert.match(zsh.stdout, /"on-screen-log set"\) cands=".*--ttl-ms/);
  // Installed in fpath (the README's way) the file is the body of _svc, so it must complete on the first Tab, not
  // only define functions; and it must not touch zsh's `path` (tied to PATH).
  assert.match(
    zsh.stdout,
    /if \[\[ "\$\{funcstack\[1\]\}" == _svc \]\]; then\n {2}_svc "\$@"\nelse\n {2}compdef _svc svc\nfi/,
  );
  assert.doesNotMatch(zsh.stdout, /\blocal path\b/);
  const fish = await runCli(['completion', 'fish']);
  assert.equal(fish.code, 1);
  assert.equal(JSON.parse(fish.stdout).code, 'EXECUTION_VALIDATION_FAILED');
});

test('a command group without its subcommand is a JSON usage error listing the subcommands, help on stderr', async () => {
  const run = await runCli(['on-screen-log']);
  assert.equal(run.code, 1);
  assert.deepEqual(JSON.parse(run.stdout), {
    code: 'CLI_USAGE_ERROR',
    message: 'svc on-screen-log needs a subcommand: set, clear',
    hint: 'Run `svc help on-screen-log` for the accepted flags.',
    details: { reason: 'missingSubcommand', subcommands: ['set', 'clear'] },
  });
  assert.match(run.stderr, /Usage: svc on-screen-log/);
  const help = await runCli(['on-screen-log', '--help']);
  assert.equal(help.code, 0);
});
