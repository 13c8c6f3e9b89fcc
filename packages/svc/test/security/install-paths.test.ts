// Issue 31, item 4: `install` over HTTP and MCP reads an APK only from the folder the server's user named
// (`--apks-dir`, SVC_APKS_DIR), never any host file the server's user can read, and its answers never tell a caller
// whether a path outside that folder exists. Without a folder, install is refused before any file is looked at.
// Over real HTTP (the app as `svc serve` runs it) and MCP (`svc mcp` over stdio), a simulated device behind real adb.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { codeOfText, connectStdio, type Loose, textOf } from '../mcp-client.ts';
import { isolatedEnv } from '../run-cli.ts';
import { type JsonResponse, type LabServer, postJson, startLabServer } from '../server-helpers.ts';

/** A file the simulator's package manager installs (its manifest line first). */
function writeApk(path: string, pkg: string): void {
  const manifest = { svcSimApk: 1, package: pkg, versionName: '1.0', versionCode: 1, launcherActivity: '.Main' };
  writeFileSync(path, `${JSON.stringify(manifest)}\n${'x'.repeat(1000)}`);
}

describe('install from a server', () => {
  let dir: string;
  let apks: string;
  let secret: string;
  let confined: LabServer;
  let unconfined: LabServer;
  let sim: SimDevice;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-install-paths-'));
    apks = join(dir, 'apks');
    mkdirSync(apks, { mode: 0o700 });
    writeApk(join(apks, 'demo.apk'), 'com.example.demo');
    // Outside the folder: an APK-looking host file, and links from inside the folder to it and to nothing.
    secret = join(dir, 'secret.apk');
    writeApk(secret, 'com.example.secret');
    symlinkSync(secret, join(apks, 'link.apk'));
    symlinkSync(join(dir, 'absent.apk'), join(apks, 'dangling.apk'));
    symlinkSync(dir, join(apks, 'up'));
    [confined, unconfined] = await Promise.all([
      startLabServer([{}], { apksDir: apks }),
      startLabServer([{}], { apksDir: null }),
    ]);
    sim = confined.lab.devices[0] as SimDevice;
  });
  after(async () => {
    await Promise.all([confined?.close(), unconfined?.close()]);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  const install = (server: LabServer, apk: string): Promise<JsonResponse> =>
    postJson(server.url, '/tools/install', { apk });

  it('installs an APK of the folder, named relative to it or in full', async () => {
    for (const apk of ['demo.apk', join(apks, 'demo.apk')]) {
      const answer = await install(confined, apk);
      assert.equal(answer.status, 200, `${apk}: ${JSON.stringify(answer.body)}`);
      assert.ok(sim.device.packages.has('com.example.demo'));
    }
  });

  it('refuses every path outside the folder with one answer, whether the file exists or not', async () => {
    const outside = [
      secret,
      join(dir, 'absent.apk'),
      '../secret.apk',
      '../absent.apk',
      'up/secret.apk',
      'up/absent.apk',
    ];
    const answers: JsonResponse[] = [];
    for (const apk of outside) answers.push(await install(confined, apk)); // one at a time: install locks the device
    for (const [i, answer] of answers.entries()) {
      assert.equal(answer.status, 403, `${outside[i]}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.error?.code, 'PATH_FORBIDDEN');
      assert.equal(answer.body.error?.details?.path, 'apk');
    }
    // Pairs that differ only in whether the file exists get the same message.
    for (let i = 0; i < answers.length; i += 2) {
      const [there, absent] = [answers[i]?.body.error, answers[i + 1]?.body.error];
      assert.equal(there?.message, absent?.message, `${outside[i]} vs ${outside[i + 1]}`);
    }
    assert.ok(!sim.device.packages.has('com.example.secret'));
  });

  it('follows no link inside the folder, to a file or to nothing, and says the same of both', async () => {
    const link = await install(confined, 'link.apk');
    const dangling = await install(confined, 'dangling.apk');
    assert.equal(link.status, 403, JSON.stringify(link.body));
    assert.equal(link.body.error?.code, 'PATH_FORBIDDEN');
    assert.deepEqual(dangling.body.error?.message, link.body.error?.message);
    assert.ok(!sim.device.packages.has('com.example.secret'));
  });

  it('without an APK folder, refuses any path before looking at it', async () => {
    const there = await install(unconfined, secret);
    const absent = await install(unconfined, join(dir, 'absent.apk'));
    for (const answer of [there, absent]) {
      assert.equal(answer.status, 403, JSON.stringify(answer.body));
      assert.equal(answer.body.error?.code, 'PATH_FORBIDDEN');
      assert.match(answer.body.error?.message ?? '', /--apks-dir/);
    }
    assert.equal(there.body.error?.message, absent.body.error?.message);
    assert.ok(!(unconfined.lab.devices[0] as SimDevice).device.packages.has('com.example.secret'));
  });

  it('over MCP: refused without SVC_APKS_DIR, confined with it', async () => {
    const call = async (env: Record<string, string>, apk: string) => {
      const session = await connectStdio(['--no-daemon'], isolatedEnv({ ...confined.lab.env, ...env }), dir);
      try {
        const result = (await session.client.callTool({
          name: 'install',
          arguments: { apk, deviceId: sim.serial },
        })) as Loose;
        // A failure is text that starts with its code; a success, the tool's JSON.
        return { isError: result.isError === true, text: textOf(result) };
      } finally {
        await session.close();
      }
    };
    const refused = [
      await call({}, secret),
      await call({ SVC_APKS_DIR: apks }, secret),
      await call({ SVC_APKS_DIR: apks }, join(dir, 'absent.apk')),
    ];
    for (const answer of refused) {
      assert.equal(answer.isError, true, answer.text);
      assert.equal(codeOfText(answer.text), 'PATH_FORBIDDEN', answer.text);
    }
    assert.match(refused[0]?.text ?? '', /--apks-dir|SVC_APKS_DIR/);
    const installed = await call({ SVC_APKS_DIR: apks }, 'demo.apk');
    assert.equal(installed.isError, false, installed.text);
    assert.equal(JSON.parse(installed.text).installed, true, installed.text);
  });
});
