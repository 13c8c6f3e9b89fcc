// Help and docs tell the truth (issue 38 item 7): the flags a command reads are on its help page (snapshot's and
// screenshot's --format); a command's page lists its own options and points at the global ones once, instead of
// repeating them; the format error names every form (diff too) and the result names the form as the flag does
// (screens-cli-http.test.ts); exec's help lists nothing that answers NOT_IMPLEMENTED; a mistyped flag gets a
// did-you-mean, hidden spellings included; the README spells the timeout as the help does.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCli } from './run-cli.ts';

const README = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');

test('snapshot and screenshot list --format among their options', async () => {
  for (const [command, forms] of [
    ['snapshot', /--format <format>\s+xml \(default\), compact .* diff/s],
    ['screenshot', /--format <format>\s+png \(default\) or jpeg/],
  ] as const) {
    const help = await runCli([command, '--help']);
    const options = help.stdout.slice(help.stdout.indexOf('Options:'), help.stdout.indexOf('-h, --help'));
    assert.match(options, forms, help.stdout);
  }
});

test("a command's help lists its own options and points at the global ones once", async () => {
  const help = await runCli(['click', '--help']);
  assert.doesNotMatch(help.stdout, /Global Options:/);
  assert.doesNotMatch(help.stdout, /--wait-device-ms/);
  assert.match(help.stdout, /\nGlobal options \(--device, .*\): svc --help\n/);
  const top = await runCli(['--help']);
  assert.match(top.stdout, /--wait-device-ms <ms>/);
  assert.doesNotMatch(top.stdout, /\nGlobal options \(/);
});

test('the format error names every snapshot form, diff included', async () => {
  const run = await runCli(['snapshot', '--format', 'bogus']);
  assert.match(JSON.parse(run.stdout).message, /compact, diff or xml \(snapshot\)/);
});

test('exec --help lists no subcommand that answers NOT_IMPLEMENTED; the spelling still says so', async () => {
  const help = await runCli(['exec', '--help']);
  assert.doesNotMatch(help.stdout, /best-effort/);
  const run = await runCli(['exec', 'best-effort']);
  assert.equal(JSON.parse(run.stdout).code, 'NOT_IMPLEMENTED');
});

test('a mistyped flag gets a did-you-mean, a hidden spelling too', async () => {
  const run = await runCli(['exec', '{}', '--timout', '5']);
  assert.match(JSON.parse(run.stdout).message, /unknown option '--timout'; did you mean --timeout\?/);
});

test('the README spells the timeout as the help does', () => {
  assert.doesNotMatch(README, /svc [a-z-]+ [^\n`]*--timeout \d/);
  assert.match(README, /--timeout-ms <ms>/);
});
