// The svc-sim stand-ins for the SDK tools, run directly as a person would: help, the real tools' errors, the licence
// prompt, and the real emulator's refusal to run one AVD twice.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFakeSdk, type FakeSdk } from 'svc-sim/sdk';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('SDK stand-ins behave like the real tools', () => {
  let dir: string;
  let sdk: FakeSdk;
  let env: Record<string, string>;
  const tool = (name: string) =>
    name === 'emulator'
      ? join(sdk.root, 'emulator', 'emulator')
      : join(sdk.root, 'cmdline-tools', 'latest', 'bin', name);
  const run = (name: string, args: string[], input = ''): Promise<Run> =>
    new Promise((resolve) => {
      const child = execFile(tool(name), args, { env }, (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
      child.stdin?.end(input);
    });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-emu-tools-'));
    sdk = await createFakeSdk(join(dir, 'sdk'));
    // No adb server listens on this port: an emulator's announcement goes nowhere (never to 5037).
    env = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      ANDROID_HOME: sdk.root,
      ANDROID_ADB_SERVER_PORT: String(await freePort()),
    };
  });
  after(async () => {
    await sdk.killEmulators();
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('prints each tool’s help', async () => {
    assert.match((await run('emulator', ['-help'])).stdout, /^Android Emulator usage: emulator \[options\]/);
    assert.match((await run('avdmanager', ['--help'])).stdout, /create avd\s+: Creates a new Android Virtual Device/);
    assert.match((await run('sdkmanager', ['--help'])).stdout, /sdkmanager --list_installed/);
    const wrong = await run('avdmanager', ['frobnicate']);
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /Error: Invalid or missing action/);
  });

  it('asks for the licence and installs nothing when it is declined', async () => {
    const declined = await run('sdkmanager', ['--install', 'system-images;android-35;google_apis;x86_64'], 'n\n');
    assert.equal(declined.code, 1);
    assert.match(declined.stdout, /Review license that has not been accepted \(y\/N\)\?/);
    assert.match(declined.stdout, /Skipping following packages as the license is not accepted/);
    await assert.rejects(access(join(sdk.root, 'system-images', 'android-35', 'google_apis', 'x86_64')));
  });

  it('answers avdmanager’s own errors for missing arguments and images that are not installed', async () => {
    const missing = await run('avdmanager', ['create', 'avd', '-n', 'x']);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /The parameters --name, --package must be defined/);
    const noImage = await run('avdmanager', ['create', 'avd', '-n', 'x', '-k', 'system-images;android-30;default;x86']);
    assert.equal(noImage.code, 1);
    assert.match(noImage.stderr, /Package path is not valid/);
  });

  it('refuses an unknown AVD and lists known ones', async () => {
    const unknown = await run('emulator', ['-avd', 'nope']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /PANIC: Unknown AVD name \[nope\]/);
    await sdk.installImage('system-images;android-35;google_apis_playstore;arm64-v8a');
    const created = await run(
      'avdmanager',
      [
        'create',
        'avd',
        '-n',
        'twin',
        '-k',
        'system-images;android-35;google_apis_playstore;arm64-v8a',
        '-d',
        'pixel_7',
      ],
      'no\n',
    );
    assert.equal(created.code, 0, created.stderr);
    assert.equal((await run('emulator', ['-list-avds'])).stdout, 'twin\n');
  });

  it('refuses to run the same AVD twice while the first instance runs', async () => {
    const port = 20_000 + 2 * Math.floor(Math.random() * 5000);
    const first = spawn(tool('emulator'), ['-avd', 'twin', '-port', String(port)], { env, stdio: 'ignore' });
    try {
      for (let i = 0; i < 200 && (await sdk.runningEmulatorPids()).length === 0; i += 1) await sleep(50);
      assert.equal((await sdk.runningEmulatorPids()).length, 1);
      const second = await run('emulator', ['-avd', 'twin', '-port', String(port + 2)]);
      assert.equal(second.code, 1);
      assert.match(second.stderr, /Running multiple emulators with the same AVD/);
    } finally {
      first.kill('SIGTERM');
      await sdk.killEmulators();
    }
    assert.deepEqual(await sdk.runningEmulatorPids(), []);
  });
});
