// `svc serve` as a process: the stderr listening line, and a graceful SIGTERM with an execution in flight (the
// execution is answered, the SSE stream ends, the process exits 0).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { readServerToken } from '../src/adapters/http/server-token.ts';
import { MAIN } from './run-cli.ts';
import { rememberToken } from './server-auth.ts';
import { postJson, sleepExecution } from './server-helpers.ts';
import { connectSse } from './sse-client.ts';

let lab: Lab;
before(async () => {
  lab = await createLab({ devices: [{}] });
});
after(() => lab.close());

function startServe(args: string[]): { child: ChildProcess; url: Promise<string>; stderr: () => string } {
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...lab.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const url = new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        // svc's own clients read the token the server made in its HOME (the lab's).
        rememberToken(match[1], readServerToken(lab.home) ?? '');
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}${stdout}`)));
  });
  return { child, url, stderr: () => stderr + (stdout === '' ? '' : `\nSTDOUT:${stdout}`) };
}

describe('svc serve process', () => {
  it('finishes the in-flight execution, ends SSE streams and exits 0 on SIGTERM', async () => {
    const serve = startServe([]);
    const url = await serve.url;
    const sse = await connectSse(`${url}/events`);
    assert.equal((await sse.next())?.event, 'heartbeat');
    const execution = sleepExecution(1500);
    const commands = lab.devices[0]!.device.commandLog;
    const seen = commands.length;
    const pending = postJson(url, '/execute', { execution });
    // svc:execution comes only with the answer, so watch the device for the dispatch: then it is in flight.
    await waitFor(() => commands.slice(seen).some((line) => line.includes('broadcast')));
    serve.child.kill('SIGTERM');
    const response = await pending;
    assert.equal(response.status, 200, serve.stderr());
    assert.equal((response.body.envelope as { commandId: string }).commandId, execution.commandId);
    const frames = [];
    for (let frame = await sse.next(); frame; frame = await sse.next()) frames.push(frame.event);
    assert.deepEqual(frames, ['svc:execution', 'svc:result']); // then the stream ended
    const [code] = await once(serve.child, 'exit');
    assert.equal(code, 0, serve.stderr());
    assert.doesNotMatch(serve.stderr(), /STDOUT:/); // no startup JSON
  });

  it('warns on stderr when binding a non-loopback address', async () => {
    const serve = startServe(['--host', '0.0.0.0']);
    await serve.url;
    assert.match(serve.stderr(), /WARNING: binding 0\.0\.0\.0/);
    serve.child.kill('SIGINT');
    const [code] = await once(serve.child, 'exit');
    assert.equal(code, 0);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
