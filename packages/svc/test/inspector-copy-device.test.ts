// The inspector's "copy as svc" (and as MCP) names the device when several are connected: without it the copied
// command stops at MULTIPLE_DEVICES_DEVICE_ID_REQUIRED. With one device it stays short. Over real HTTP (the
// inspector's API as the page calls it) against simulated devices, and the copied line run by the real CLI.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { collectOutput, isolatedEnv, MAIN } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

const execution = {
  commandId: 'copy-1',
  taskId: 'copy-1',
  source: 'svc-inspector',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30_000,
  actions: [{ id: 'a1', type: 'open_app', params: { applicationId: 'com.android.settings' } }],
};

describe('copy as, with one device and with several', () => {
  let one: LabServer;
  let two: LabServer;
  before(async () => {
    [one, two] = await Promise.all([startLabServer([{}]), startLabServer([{}, {}])]);
  });
  after(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  const copy = async (server: LabServer, deviceId: string) => {
    const answer = await postJson(server.url, '/inspector/api/copy', { execution, deviceId });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const forms = answer.body.forms as { cli: string; mcp: string };
    return { cli: forms.cli, mcp: JSON.parse(forms.mcp) as { arguments: Record<string, unknown> } };
  };

  it('names the device the screen came from when several are connected, and the line runs there', async () => {
    const serial = (two.lab.devices[1] as SimDevice).serial;
    const forms = await copy(two, serial);
    assert.equal(forms.cli, `svc open com.android.settings --device ${serial}`);
    assert.equal(forms.mcp.arguments.deviceId, serial);
    const child = spawn('/bin/sh', ['-c', `svc() { "$SVC_NODE" "$SVC_MAIN" "$@"; }; ${forms.cli} --no-daemon`], {
      env: isolatedEnv({ ...two.lab.env, SVC_NODE: process.execPath, SVC_MAIN: MAIN }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = await collectOutput(child);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(JSON.parse(run.stdout).deviceId, serial);
  });

  it('leaves the device out when it is the only one', async () => {
    const forms = await copy(one, (one.lab.devices[0] as SimDevice).serial);
    assert.equal(forms.cli, 'svc open com.android.settings');
    assert.equal(forms.mcp.arguments.deviceId, undefined);
  });
});
