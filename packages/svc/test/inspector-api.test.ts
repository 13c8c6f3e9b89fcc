// The inspector's HTTP API against a simulated device through real adb: a capture is an execution like any other
// (it shows in the event stream), counts and selectors come from the cached screen, every bad input gets its code
// and the path of the bad field, and a recording saved as a skill runs with `svc skills run`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';
import { createServerApp, type ServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { runCliJson } from './run-cli.ts';
import { getJson, postJson } from './server-helpers.ts';
import { createFixtureRepo, type FixtureRepo } from './skills-fixture.ts';

interface ScreenAnswer {
  screen: {
    id: string;
    deviceId: string;
    picture: { width: number; height: number };
    nodes: { attributes: Record<string, string> }[];
  };
}

describe('inspector API', () => {
  let lab: Lab;
  let repo: FixtureRepo;
  let serverApp: ServerApp;
  let running: RunningServer;
  let url: string;
  let serial: string;

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial as string;
    repo = createFixtureRepo([]);
    const env = { ...process.env, ...lab.env, SVC_SKILLS_REGISTRY: repo.registryPath };
    // The inspector's API on its own; the sign-in in front of it is proven by the security suite and the browser tests.
    serverApp = createServerApp(createContext({ env, cwd: lab.home }), { auth: 'none', loopbackHostOnly: true });
    running = await listenTcp(serverApp, { host: '127.0.0.1', port: 0 });
    url = running.url;
    await runCliJson(['open', 'com.android.settings', '--device', serial, '--no-daemon'], { env: lab.env });
  });
  after(async () => {
    await running?.close();
    await lab?.close();
  });

  async function capture(): Promise<ScreenAnswer['screen']> {
    const answer = await postJson(url, '/inspector/api/screen', { deviceId: serial });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return (answer.body as unknown as ScreenAnswer).screen;
  }

  it('captures the screen as one execution that the event stream shows, with a picture of the reported size', async () => {
    const subscription = serverApp.bus.subscribe();
    try {
      const screen = await capture();
      assert.equal(screen.deviceId, serial);
      assert.ok(screen.nodes.some((n) => n.attributes.text === 'Network & internet'));
      const event = await subscription.next();
      assert.ok(event);
      assert.equal(event.event, 'svc:execution');
      const input = (JSON.parse(event.json) as { input: { source: string; actions: { type: string }[] } }).input;
      assert.equal(input.source, 'svc-inspector');
      assert.deepEqual(
        input.actions.map((a) => a.type),
        ['snapshot_ui', 'take_screenshot'],
      );
      const picture = await fetch(`${url}/inspector/api/screens/${screen.id}/picture.png`);
      assert.equal(picture.headers.get('content-type'), 'image/png');
      const png = Buffer.from(await picture.arrayBuffer());
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [screen.picture.width, screen.picture.height]);
    } finally {
      subscription.close();
    }
  });

  it('names the bad field of a count request and counts the good selectors beside it', async () => {
    const screen = await capture();
    const answer = await postJson(url, '/inspector/api/count', {
      screenId: screen.id,
      selectors: [{ matcher: { role: 'wheel' } }, { matcher: { text: 'Apps' } }, { matcher: {}, extra: 1 }],
    });
    assert.equal(answer.status, 200);
    const [bad, good, unknown] = answer.body.counts as {
      error?: { code: string; details: { path: string } };
      count?: number;
    }[];
    assert.equal(bad?.error?.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(bad?.error?.details.path, 'selectors[0].matcher.role');
    assert.equal(good?.count, 1, 'the alias `text` is read as textEquals');
    assert.equal(unknown?.error?.details.path, 'selectors[2].extra');
  });

  it('refuses what it cannot answer with the catalogue codes', async () => {
    const screen = await capture();
    const gone = await postJson(url, '/inspector/api/count', {
      screenId: 'nope',
      selectors: [{ matcher: { text: 'x' } }],
    });
    assert.deepEqual(
      [gone.status, gone.body.error?.code, gone.body.error?.details?.path],
      [404, 'NOT_FOUND', 'screenId'],
    );
    const none = await postJson(url, '/inspector/api/count', { screenId: screen.id, selectors: [] });
    assert.deepEqual([none.status, none.body.error?.details?.path], [400, 'selectors']);
    const node = await postJson(url, '/inspector/api/selectors', { screenId: screen.id, node: 100_000 });
    assert.deepEqual([node.status, node.body.error?.details?.path], [400, 'node']);
    const copy = await postJson(url, '/inspector/api/copy', { execution: { commandId: 'x' } });
    assert.equal(copy.body.error?.code, 'EXECUTION_VALIDATION_FAILED');
    const typo = await postJson(url, '/inspector/api/screen', { device: serial });
    assert.deepEqual([typo.status, typo.body.error?.details?.path], [400, 'device']);
    const asset = await fetch(`${url}/inspector/assets/secrets.js`);
    assert.equal(asset.status, 404);
  });

  it('lists the packages of the device for the open-app box', async () => {
    const answer = await getJson(url, `/inspector/api/packages?deviceId=${encodeURIComponent(serial)}`);
    assert.equal(answer.status, 200);
    assert.ok((answer.body.packages as string[]).includes('com.android.settings'));
  });

  it('serves the page and its assets from svc alone, under a policy that allows nothing else', async () => {
    const page = await fetch(`${url}/inspector`);
    const html = await page.text();
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'; script-src 'self'/);
    assert.deepEqual(html.match(/(?:src|href)="[^"]*"/g), [
      'href="/inspector/assets/icon.svg"',
      'href="/inspector/assets/inspector.css"',
      'src="/inspector/assets/inspector.js"',
    ]);
    const icon = await fetch(`${url}/inspector/assets/icon.svg`);
    assert.deepEqual([icon.status, icon.headers.get('content-type')], [200, 'image/svg+xml']);
    const script = await fetch(`${url}/inspector/assets/inspector.js`);
    assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.doesNotMatch(await script.text(), /https?:\/\/(?!127\.0\.0\.1|localhost)[a-z]/i);
  });

  it('saves a recording as a skill that `svc skills run` runs on the device', async () => {
    const execution = {
      commandId: 'rec-1',
      taskId: 'rec-1',
      source: 'svc-inspector',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 40_000,
      actions: [
        { id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } },
        { id: 'tap', type: 'click', params: { matcher: { textEquals: 'Network & internet' } } },
        { id: 'back', type: 'press_key', params: { key: 'back' } },
      ],
    };
    const skillId = 'com.android.settings.network-peek';
    const saved = await postJson(url, '/inspector/api/skills', { skillId, execution });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const again = await postJson(url, '/inspector/api/skills', { skillId, execution });
    assert.deepEqual([again.status, again.body.error?.code], [409, 'SKILL_ALREADY_EXISTS']);

    const env = { ...lab.env, SVC_SKILLS_REGISTRY: repo.registryPath, SVC_NO_DAEMON: '1' };
    const compiled = await runCliJson(
      [
        'skills',
        'compile-artifact',
        skillId,
        '--artifact',
        'recorded',
        '--vars',
        '{"APPLICATION_ID":"com.android.settings"}',
      ],
      { env },
    );
    assert.equal(compiled.code, 0, compiled.stdout);
    assert.deepEqual(compiled.json.execution.actions, execution.actions);
    const run = await runCliJson(['skills', 'run', skillId, '--device', serial], { env });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.skillResult.ok, true);
  });
});
