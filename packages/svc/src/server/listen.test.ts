// Real HTTP with fake use cases: SSE frames and headers, keep-alive comments, events for every attempt, graceful
// shutdown waiting for an in-flight execution and ending SSE streams.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { connectSse } from '../../test/sse-client.ts';
import type { RunResult } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import { createServerApp } from './app.ts';
import { listenTcp, type RunningServer } from './listen.ts';
import type { ServerDeps } from './runtime.ts';

/** A body of JSON says so: the server refuses others. */
const JSON_TYPE = { 'content-type': 'application/json' };

const servers: RunningServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function start(deps: Partial<ServerDeps>, keepAliveMs = 15_000) {
  const serverApp = createServerApp({ env: {} } as unknown as SvcContext, {
    auth: 'none',
    keepAliveMs,
    deps: { listDevices: async () => [], env: {}, ...deps },
  });
  const running = await listenTcp(serverApp, { host: '127.0.0.1', port: 0 });
  servers.push(running);
  return { serverApp, running };
}

const success = (deviceId: string, commandId: string): RunResult => ({
  ok: true,
  deviceId,
  driver: 'operator',
  terminalSource: 'svc_result',
  succeeded: true,
  envelope: { commandId, taskId: commandId, status: 'success', stepResults: [], error: null },
});

/** A valid execution body (the route validates before submitting). */
const body = (commandId: string, taskId = commandId) =>
  JSON.stringify({
    execution: {
      commandId,
      taskId,
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 5000,
      actions: [{ id: 's', type: 'sleep', params: { durationMs: 0 } }],
    },
  });

describe('server over real HTTP (fake use cases)', () => {
  it('streams heartbeat, then svc:execution for every attempt and svc:result only with a known device', async () => {
    const { running } = await start({
      submit: async ({ execution }) => {
        const { commandId } = execution;
        if (commandId === 'early') return { ok: false, error: { code: 'NO_DEVICES', message: 'none' } };
        if (commandId === 'late') {
          return { ok: false, error: { code: 'RESULT_ENVELOPE_TIMEOUT', message: 't', details: { deviceId: 'd2' } } };
        }
        return success('d1', commandId);
      },
    });
    const sse = await connectSse(`${running.url}/events`);
    assert.equal(sse.response.headers.get('content-type'), 'text/event-stream');
    assert.equal(sse.response.headers.get('cache-control'), 'no-cache');
    assert.ok(sse.response.headers.get('x-svc-version'));
    assert.deepEqual(await sse.next(), {
      event: 'heartbeat',
      data: { code: 'CONNECTED', message: 'Connected to svc events.' },
    });
    for (const commandId of ['ok', 'early', 'late']) {
      await fetch(`${running.url}/execute`, { method: 'POST', headers: JSON_TYPE, body: body(commandId) });
    }
    const frames = await sse.collectUntil((f) => f.event === 'svc:result', 2);
    sse.close();
    assert.deepEqual(
      frames.map((f) => [f.event, (f.data as { deviceId: string | null }).deviceId]),
      [
        ['svc:execution', 'd1'],
        ['svc:result', 'd1'],
        ['svc:execution', null],
        ['svc:execution', 'd2'],
        ['svc:result', 'd2'],
      ],
    );
    assert.equal((frames[0]?.data as { input?: { commandId?: string } } | undefined)?.input?.commandId, 'ok');
  });

  it('publishes a failed svc:result envelope for a timeout on a known device', async () => {
    const { running, serverApp } = await start({
      submit: async () => ({
        ok: false,
        error: { code: 'RESULT_ENVELOPE_TIMEOUT', message: 'no envelope', details: { deviceId: 'd2' } },
      }),
    });
    const sub = serverApp.bus.subscribe();
    const response = await fetch(`${running.url}/execute`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: body('c9', 't9'),
    });
    assert.equal(response.status, 504);
    assert.equal((await sub.next())?.event, 'svc:execution');
    const result = await sub.next();
    assert.equal(result?.event, 'svc:result');
    assert.deepEqual(JSON.parse(result?.json ?? ''), {
      deviceId: 'd2',
      envelope: {
        commandId: 'c9',
        taskId: 't9',
        status: 'failed',
        stepResults: [],
        error: 'no envelope',
        errorCode: 'RESULT_ENVELOPE_TIMEOUT',
      },
    });
  });

  it('sends a keep-alive comment on an idle stream', async () => {
    const { running } = await start({}, 30);
    const sse = await connectSse(`${running.url}/events`);
    await sse.next();
    await sse.next(300).catch(() => undefined); // idle: only comments arrive
    sse.close();
    assert.ok(sse.comments.includes(': keepalive'), JSON.stringify(sse.comments));
  });

  it('rejects a chunked body over 100kb with 413', async () => {
    const { running } = await start({});
    const big = new TextEncoder().encode(JSON.stringify({ execution: { pad: 'y'.repeat(120_000) } }));
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < big.length; i += 16_384) controller.enqueue(big.slice(i, i + 16_384));
        controller.close();
      },
    });
    const response = await fetch(`${running.url}/execute`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(response.status, 413);
  });

  it('shuts down gracefully: answers the in-flight execution, ends SSE streams, refuses new connections', async () => {
    let release: (() => void) | undefined;
    const { running, serverApp } = await start({
      submit: () =>
        new Promise<RunResult>((resolve) => {
          release = () => resolve(success('d1', 'slow'));
        }),
    });
    const sse = await connectSse(`${running.url}/events`);
    await sse.next();
    const pending = fetch(`${running.url}/execute`, { method: 'POST', headers: JSON_TYPE, body: body('slow') });
    while (serverApp.inFlight.count === 0) await new Promise((r) => setTimeout(r, 5));
    const closing = running.close();
    await assert.rejects(fetch(`${running.url}/devices`));
    release?.();
    assert.equal((await sse.next())?.event, 'svc:execution'); // listeners still see the last execution
    assert.equal((await sse.next())?.event, 'svc:result');
    assert.equal(await sse.next(), undefined); // then the stream ends
    const response = await pending;
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { deviceId: string }).deviceId, 'd1');
    await closing;
    assert.equal(running.server.listening, false);
  });
});
