import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { buildBroadcastCommand, quoteShellArg, serializeExecution } from './dispatch.ts';
import { one } from './test-support/payloads.ts';
import { normalizeAndValidateExecution } from './validate.ts';

/** Runs the command line through a real POSIX sh with `am` replaced by a function printing its arguments. */
function argvSeenByShell(command: string): string[] {
  const out = execFileSync('sh', ['-c', `am() { printf '%s\\0' "$@"; }; ${command}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('dispatch command line', () => {
  test('quoteShellArg wraps in single quotes and rewrites only single quotes', () => {
    assert.equal(quoteShellArg('plain'), "'plain'");
    assert.equal(quoteShellArg("it's"), `'it'"'"'s'`);
    assert.equal(quoteShellArg(''), "''");
    assert.equal(quoteShellArg('$(rm -rf /) `x` \\ " \n'), `'$(rm -rf /) \`x\` \\ " \n'`);
  });

  test('the broadcast command is the command line of the published host CLI, with the action of the variant', () => {
    // apps/node/src/adapters/android-bridge/broadcastAgentCommand.ts:9-16 @ v0.5.2 quotes all four values.
    assert.equal(
      buildBroadcastCommand('com.svc.operator', '{"a":"it\'s"}'),
      `am broadcast -a 'app.svc.operator.ACTION_AGENT_COMMAND' -p 'com.svc.operator' --es 'payload' '{"a":"it'"'"'s"}' --receiver-foreground`,
    );
    assert.equal(
      buildBroadcastCommand('com.clawperator.operator.dev', '{}'),
      `am broadcast -a 'app.clawperator.operator.ACTION_AGENT_COMMAND' -p 'com.clawperator.operator.dev' --es 'payload' '{}' --receiver-foreground`,
    );
  });

  test('a payload with quotes, backslashes, $(), newlines and emoji reaches the shell byte-identical', () => {
    const outcome = normalizeAndValidateExecution(
      one('enter_text', {
        matcher: { textEquals: `it's "q" \\n` },
        text: `a'b"c\\d $(echo pwned) \`id\` \n line2 😀 '' ; exit 1`,
      }),
    );
    assert.ok(outcome.ok);
    const json = serializeExecution(outcome.execution);
    const argv = argvSeenByShell(buildBroadcastCommand('com.svc.operator.dev', json));
    assert.deepEqual(argv, [
      'broadcast',
      '-a',
      'app.svc.operator.ACTION_AGENT_COMMAND',
      '-p',
      'com.svc.operator.dev',
      '--es',
      'payload',
      json,
      '--receiver-foreground',
    ]);
    assert.deepEqual(JSON.parse(argv[7] as string), outcome.execution);
  });

  test('a hostile package name stays one argument', () => {
    const argv = argvSeenByShell(buildBroadcastCommand("x'; echo owned; '", '{}'));
    assert.equal(argv[4], "x'; echo owned; '");
    assert.equal(argv.length, 9);
  });

  test('a payload with a raw newline is refused (the protocol sends one line)', () => {
    assert.throws(() => buildBroadcastCommand('com.svc.operator', '{\n}'));
  });
});
