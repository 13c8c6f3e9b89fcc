// On stdio, stdout is the MCP protocol channel: only the transport's writer may reach fd 1 (issue 11).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { collectOutput } from './run-cli.ts';

const GUARD = fileURLToPath(new URL('../src/mcp/stdout-guard.ts', import.meta.url));

function run(script: string) {
  return collectOutput(
    spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] }),
  );
}

test('after the guard, console.log and process.stdout.write go to stderr and only the protocol writer reaches stdout', async () => {
  const script = `
    import { takeStdoutForProtocol } from ${JSON.stringify(GUARD)};
    const protocol = takeStdoutForProtocol();
    console.log('stray console line');
    process.stdout.write('stray direct write\\n');
    protocol.write('{"jsonrpc":"2.0","method":"ping"}\\n');
    protocol.end();
  `;
  const { stdout, stderr, code } = await run(script);
  assert.equal(code, 0, stderr);
  assert.equal(stdout, '{"jsonrpc":"2.0","method":"ping"}\n');
  assert.match(stderr, /stray console line/);
  assert.match(stderr, /stray direct write/);
});
