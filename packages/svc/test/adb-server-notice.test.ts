// A wrong adb server is never silent (issue 38 item 7): when nothing answers on the adb server port svc was given
// (or the default one, for a client that dropped the environment), svc starts a server there and says so on stderr
// (an MCP client keeps the server's stderr as its log); a device it then does not find is DEVICE_NOT_FOUND naming
// the adb server it asked; an MCP client hears it as a log notification too. The servers started here are stopped by
// their ports.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { freePort } from '../../sim/src/testing/free-port.ts';
import { chooseDevice } from '../src/devices/resolve-device.ts';
import { connectStdio } from './mcp-client.ts';
import { isolatedEnv, runCli } from './run-cli.ts';

const home = mkdtempSync(join(tmpdir(), 'svc-adb-notice-'));
let port: number | undefined;
let mcpPort: number | undefined;
after(() => {
  for (const started of [port, mcpPort])
    if (started !== undefined) spawnSync('adb', ['-P', String(started), 'kill-server'], { timeout: 20_000 });
  rmSync(home, { recursive: true, force: true, maxRetries: 5 });
});

test('svc says when it starts an adb server, and DEVICE_NOT_FOUND names the server it asked', async () => {
  port = await freePort();
  const env = isolatedEnv({ HOME: home, ANDROID_ADB_SERVER_PORT: String(port), SVC_NO_DAEMON: '1' });
  const run = await runCli(['snapshot', '--device', 'emulator-5554'], { env });
  assert.match(run.stderr, new RegExp(`no adb server answered at 127\\.0\\.0\\.1:${port}, so svc started one`));
  const body = JSON.parse(run.stdout);
  assert.equal(body.code, 'DEVICE_NOT_FOUND', run.stdout);
  assert.match(body.message, new RegExp(`asked the adb server at 127\\.0\\.0\\.1:${port}\\)`));
  assert.deepEqual(body.details.adbServers, [`127.0.0.1:${port}`]);
  // The server runs now: the next call finds it and says nothing of starting one.
  const again = await runCli(['snapshot', '--device', 'emulator-5554'], { env });
  assert.doesNotMatch(again.stderr, /svc started one/);
});

test('svc mcp tells its client in a log notification when it starts an adb server', async () => {
  mcpPort = await freePort();
  const env = isolatedEnv({ HOME: home, ANDROID_ADB_SERVER_PORT: String(mcpPort) });
  const session = await connectStdio(['--no-daemon'], env, process.cwd());
  const logged: { level: string; data: unknown }[] = [];
  session.client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    logged.push(notification.params);
  });
  try {
    assert.ok(session.client.getServerCapabilities()?.logging, 'the server declares logging');
    await session.client.callTool({ name: 'snapshot', arguments: { deviceId: 'emulator-5554' } });
    const notice = new RegExp(`no adb server answered at 127\\.0\\.0\\.1:${mcpPort}, so svc started one`);
    const said = logged.find((entry) => notice.test(String(entry.data)));
    assert.ok(said, JSON.stringify(logged));
    assert.equal(said.level, 'warning');
    // The same words as on stderr.
    assert.ok(session.stderr().includes(String(said.data)), session.stderr());
  } finally {
    await session.close();
  }
});

test('with several adb servers, DEVICE_NOT_FOUND names them all', () => {
  assert.throws(
    () => chooseDevice([], { deviceId: 'abc' }, ['10.0.0.2:5037', '10.0.0.3:5037']),
    (error: Error & { code?: string }) =>
      error.code === 'DEVICE_NOT_FOUND' &&
      /asked the adb servers at 10\.0\.0\.2:5037, 10\.0\.0\.3:5037/.test(error.message),
  );
});
