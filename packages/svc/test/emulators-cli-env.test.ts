// Where svc looks for AVDs and SDK tools (ANDROID_AVD_HOME, ANDROID_USER_HOME, per-tool overrides), malformed and
// partial AVD files, and progress on a real terminal: the CLI end to end against the svc-sim SDK stand-ins.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFakeSdk } from 'svc-sim/sdk';
import { createEmulatorLab, type EmulatorLab } from './emulators-helpers.ts';
import { MAIN, runCli, runCliJson } from './run-cli.ts';

const SUPPORTED_CONFIG = [
  'PlayStore.enabled=true',
  'abi.type=arm64-v8a',
  'hw.device.name=pixel_7',
  'image.sysdir.1=system-images/android-35/google_apis_playstore/arm64-v8a/',
  '',
].join('\n');

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('emulator AVD and SDK locations, broken AVD files, terminal progress', () => {
  let emu: EmulatorLab;
  const svc = (args: string[], env: Record<string, string> = {}) => runCliJson(args, { env: { ...emu.env, ...env } });

  before(async () => {
    emu = await createEmulatorLab();
  });
  after(() => emu.close());

  it('with no Android SDK at all, list and status say so and how to get it, and start says the SDK is missing', async () => {
    const noSdk = { ANDROID_HOME: '', ANDROID_SDK_ROOT: '', SVC_EMULATOR_BIN: '', SVC_AVDMANAGER_BIN: '' };
    const noSdkEnv = { ...noSdk, SVC_SDKMANAGER_BIN: '' };
    const list = await svc(['emulator', 'list'], noSdkEnv);
    assert.equal(list.code, 0);
    assert.deepEqual(list.json.sdk, {
      found: false,
      root: null,
      missing: ['emulator', 'avdmanager', 'sdkmanager'],
      hint: list.json.sdk.hint,
    });
    assert.match(list.json.sdk.hint, /ANDROID_HOME.*svc sim start/);
    const status = await svc(['emulator', 'status'], noSdkEnv);
    assert.equal(status.json.sdk.found, false);
    const pretty = await runCli(['emulator', 'status', '--output', 'pretty'], { env: { ...emu.env, ...noSdkEnv } });
    assert.match(pretty.stdout, /No emulator is running\.\nNo Android SDK found\. Install/);
    const start = await svc(['emulator', 'start', 'nosuch'], noSdkEnv);
    assert.equal(start.code, 1);
    assert.equal(start.json.code, 'ANDROID_SDK_TOOL_NOT_FOUND');
    assert.match(start.json.message, /there is no Android SDK/);
    assert.match(start.json.hint, /developer\.android\.com.*ANDROID_HOME.*svc sim start/);
  });

  it('creates and lists AVDs under ANDROID_AVD_HOME when it is set', async () => {
    const avdHome = join(emu.dir, 'custom-avds');
    const created = await svc(['emulator', 'create', '--name', 'in-avd-home'], { ANDROID_AVD_HOME: avdHome });
    assert.equal(created.code, 0, created.stdout);
    assert.ok(await exists(join(avdHome, 'in-avd-home.ini')));
    assert.ok(await exists(join(avdHome, 'in-avd-home.avd', 'config.ini')));
    const listed = await svc(['emulator', 'list'], { ANDROID_AVD_HOME: avdHome });
    assert.deepEqual(
      listed.json.avds.map((avd: { name: string }) => avd.name),
      ['in-avd-home'],
    );
    assert.deepEqual((await svc(['emulator', 'list'])).json.avds, []);
  });

  it('uses $ANDROID_USER_HOME/avd when ANDROID_USER_HOME is set', async () => {
    const userHome = join(emu.dir, 'user-home');
    const created = await svc(['emulator', 'create', '--name', 'in-user-home'], { ANDROID_USER_HOME: userHome });
    assert.equal(created.code, 0, created.stdout);
    assert.ok(await exists(join(userHome, 'avd', 'in-user-home.avd', 'config.ini')));
    const inspected = await svc(['emulator', 'inspect', 'in-user-home'], { ANDROID_USER_HOME: userHome });
    assert.equal(inspected.json.supported, true);
  });

  it('finds the SDK through ANDROID_SDK_ROOT when ANDROID_HOME is blank', async () => {
    const created = await svc(['emulator', 'create', '--name', 'via-sdk-root'], {
      ANDROID_HOME: ' ',
      ANDROID_SDK_ROOT: emu.sdk.root,
    });
    assert.equal(created.code, 0, created.stdout);
    assert.equal(created.json.supported, true);
  });

  it('takes each SDK tool from its override variable, and names the override path when it is wrong', async () => {
    const bare = join(emu.dir, 'bare-sdk');
    await mkdir(bare, { recursive: true });
    const tools = join(emu.sdk.root, 'cmdline-tools', 'latest', 'bin');
    const overrides = {
      ANDROID_HOME: bare,
      SVC_SDKMANAGER_BIN: join(tools, 'sdkmanager'),
      SVC_AVDMANAGER_BIN: join(tools, 'avdmanager'),
    };
    const created = await svc(['emulator', 'create', '--name', 'overridden'], overrides);
    assert.equal(created.code, 0, created.stdout);
    assert.equal(created.json.supported, true);
    const wrong = await svc(['emulator', 'create', '--name', 'x'], {
      ...overrides,
      SVC_AVDMANAGER_BIN: '/nope/avdmanager',
    });
    assert.equal(wrong.json.code, 'ANDROID_SDK_TOOL_NOT_FOUND');
    assert.equal(wrong.json.details.path, '/nope/avdmanager');
    assert.equal(wrong.json.details.overrideVariable, 'SVC_AVDMANAGER_BIN');
  });

  it('starts an AVD with SVC_EMULATOR_BIN when the SDK folder has no emulator', async () => {
    const noEmulator = await createFakeSdk(join(emu.dir, 'no-emulator-sdk'), { tools: ['avdmanager', 'sdkmanager'] });
    const env = { ANDROID_HOME: noEmulator.root };
    assert.equal((await svc(['emulator', 'create', '--name', 'via-override'], env)).code, 0);
    const missing = await svc(['emulator', 'start', 'via-override'], env);
    assert.equal(missing.json.code, 'ANDROID_SDK_TOOL_NOT_FOUND');
    assert.equal(missing.json.details.tool, 'emulator');
    const emulatorBin = join(emu.sdk.root, 'emulator', 'emulator');
    const started = await svc(['emulator', 'start', 'via-override'], { ...env, SVC_EMULATOR_BIN: emulatorBin });
    assert.equal(started.code, 0, started.stdout);
    assert.equal(started.json.booted, true);
    const stopped = await svc(['emulator', 'stop', 'via-override'], env);
    assert.equal(stopped.json.stopped, true);
    assert.deepEqual(await noEmulator.runningEmulatorPids(), []);
  });

  it('boots an AVD once when two CLIs start it at the same time; the other gets EMULATOR_ALREADY_RUNNING', async () => {
    assert.equal((await svc(['emulator', 'create', '--name', 'race'])).code, 0);
    const runs = await Promise.all([svc(['emulator', 'start', 'race']), svc(['emulator', 'start', 'race'])]);
    const codes = runs.map((run) => run.json.code ?? 'OK').sort();
    assert.deepEqual(codes, ['EMULATOR_ALREADY_RUNNING', 'OK'], runs.map((run) => run.stdout).join('\n'));
    const status = await svc(['emulator', 'status']);
    assert.deepEqual(
      status.json.devices.map((d: { avdName: string }) => d.avdName),
      ['race'],
    );
    assert.equal((await emu.sdk.runningEmulatorPids()).length, 1);
    assert.equal((await svc(['emulator', 'stop', 'race'])).json.stopped, true);
  });

  it('lists malformed and partial AVDs with CONFIG_UNREADABLE and the reason, never crashing', async () => {
    const home = join(emu.lab.home, '.android', 'avd');
    const avd = async (name: string, files: { top?: string; config?: string; folder?: boolean }) => {
      if (files.top !== undefined) {
        await mkdir(home, { recursive: true });
        await writeFile(join(home, `${name}.ini`), files.top);
      }
      if (files.folder || files.config !== undefined) await mkdir(join(home, `${name}.avd`), { recursive: true });
      if (files.config !== undefined) await writeFile(join(home, `${name}.avd`, 'config.ini'), files.config);
    };
    await avd('garbled', { top: 'path=/x\n', config: `${SUPPORTED_CONFIG}\u0000\u00ff\u00fe binary junk\n` });
    await avd('folder-only', { folder: true });
    await avd('ini-only', { top: 'avd.ini.encoding=UTF-8\ntarget=android-35\n' });
    await avd('no-top-ini', { config: SUPPORTED_CONFIG });
    await avd('config-is-dir', { top: 'target=android-35\n', folder: true });
    await mkdir(join(home, 'config-is-dir.avd', 'config.ini'), { recursive: true });
    const elsewhere = join(emu.dir, 'elsewhere', 'moved.avd');
    await mkdir(elsewhere, { recursive: true });
    await writeFile(join(elsewhere, 'config.ini'), SUPPORTED_CONFIG);
    await avd('moved', { top: `path=${elsewhere}\npath.rel=avd/moved.avd\ntarget=android-35\n` });

    const run = await svc(['emulator', 'list']);
    assert.equal(run.code, 0, run.stdout);
    const byName = new Map(run.json.avds.map((a: { name: string }) => [a.name, a]));
    // biome-ignore lint/suspicious/noExplicitAny: loosely typed CLI output, each field asserted below
    const reasonOf = (name: string) => byName.get(name) as any;
    for (const name of ['garbled', 'folder-only', 'ini-only', 'no-top-ini', 'config-is-dir']) {
      assert.equal(reasonOf(name)?.exists, true, name);
      assert.equal(reasonOf(name)?.supported, false, name);
      assert.ok(reasonOf(name)?.unsupportedReasons.includes('CONFIG_UNREADABLE'), name);
    }
    assert.match(reasonOf('garbled').configProblem, /malformed lines: 5/);
    assert.match(reasonOf('folder-only').configProblem, /missing or unreadable/);
    assert.match(reasonOf('ini-only').configProblem, /missing or unreadable/);
    assert.match(reasonOf('no-top-ini').configProblem, /no-top-ini\.ini is missing/);
    assert.match(reasonOf('config-is-dir').configProblem, /missing or unreadable/);
    assert.equal(reasonOf('moved').supported, true, JSON.stringify(reasonOf('moved')));

    const start = await svc(['emulator', 'start', 'garbled']);
    assert.equal(start.json.code, 'EMULATOR_UNSUPPORTED');
    assert.match(start.json.message, /malformed lines/);
    const removed = await svc(['emulator', 'delete', 'folder-only']);
    assert.deepEqual(removed.json, { ok: true, avdName: 'folder-only', deleted: true });
    assert.equal(await exists(join(home, 'folder-only.avd')), false);
  });

  it('shows the progress of a start on a terminal while stdout keeps the JSON result', async () => {
    assert.equal((await svc(['emulator', 'create', '--name', 'tty'])).code, 0);
    const quote = (value: string) => `'${value.replaceAll("'", `'"'"'`)}'`;
    const command = [process.execPath, MAIN, 'emulator', 'start', 'tty'].map(quote).join(' ');
    const output = await new Promise<string>((resolve, reject) => {
      // `script` runs the CLI on a pseudo-terminal, so stderr.isTTY is true as in an interactive shell.
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        env: { ...process.env, ...emu.env, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    assert.match(output, /\[svc emulator \d+s\] Starting tty as emulator-\d+; waiting for adb/);
    assert.match(output, /\[svc emulator \d+s\] emulator-\d+ registered with adb; waiting for boot to complete/);
    assert.match(output, /"booted": true/);
    const stopped = await svc(['emulator', 'stop', 'tty']);
    assert.equal(stopped.json.stopped, true);
  });
});
