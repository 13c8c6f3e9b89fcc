// The inspector in a real headless Chromium (Debian's, through playwright-core), against a simulated device through
// real adb: what a user sees and does on the page, checked against the device and the host matcher.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { countMatches, parseHierarchy, type UiTree } from '../src/ui/index.ts';
import { clickDevicePoint, type InspectorLab, startInspectorLab, waitForScreen } from './inspector-helpers.ts';
import { runCliJson } from './run-cli.ts';
import { postJson } from './server-helpers.ts';

const SETTINGS = 'com.android.settings';
const TITLE_ID = `${SETTINGS}:id/title`;
const TWO_LISTS = 'com.example.twolists';

/** An app with two lists one above the other, as a feed with a carousel has: which one does a scroll move? */
function twoListsApp(): object {
  const list = (id: string, word: string) => ({
    class: 'androidx.recyclerview.widget.RecyclerView',
    id,
    scrollable: true,
    height: 900,
    repeat: { count: 20, template: { class: 'TextView', text: `${word} {i}`, height: 150, clickable: true } },
  });
  return {
    package: TWO_LISTS,
    label: 'Two lists',
    launchable: true,
    start: 'main',
    screens: { main: { root: { children: [list('top', 'Top'), list('bottom', 'Bottom')] } } },
  };
}

describe('svc inspector in a browser', () => {
  let lab: InspectorLab;
  let page: Page;

  /** The device's screen as the server's own snapshot route reports it (independent of the page). */
  async function deviceTree(): Promise<UiTree> {
    // The page may be capturing the screen at this moment: wait for the device rather than fail as busy.
    const answer = await postJson(lab.server.url, '/snapshot', { deviceId: lab.serial, waitDeviceMs: 20_000 });
    assert.equal(answer.body.ok, true, JSON.stringify(answer.body));
    const text = (answer.body as { envelope: { stepResults: { data: { text: string } }[] } }).envelope.stepResults[0]
      ?.data.text;
    const parsed = parseHierarchy(text ?? '');
    assert.ok(parsed.ok);
    return parsed.tree;
  }

  async function centreOf(text: string): Promise<{ x: number; y: number }> {
    const node = (await deviceTree()).nodes.find((n) => n.text === text || n.desc === text);
    assert.ok(node, `no node "${text}" on the device screen`);
    return { x: (node.bounds.left + node.bounds.right) / 2, y: (node.bounds.top + node.bounds.bottom) / 2 };
  }

  async function selectOnPicture(text: string): Promise<void> {
    const { x, y } = await centreOf(text);
    await clickDevicePoint(page, x, y);
    await page.locator('#tree .row.selected', { hasText: `"${text}"` }).waitFor();
  }

  /** The second device of the lab: a stock phone without the operator app (svc drives it with adb alone). */
  let stock: string;
  const apps = mkdtempSync(join(tmpdir(), 'svc-inspector-apps-'));

  before(async () => {
    writeFileSync(join(apps, 'two-lists.json'), JSON.stringify(twoListsApp()));
    lab = await startInspectorLab([{ appsDir: apps }, { operator: false }]);
    stock = lab.server.lab.devices[1]?.serial as string;
  });
  after(async () => {
    await lab?.close();
    rmSync(apps, { recursive: true, force: true, maxRetries: 5 });
  });
  beforeEach(async () => {
    // Settings from its first screen: force-stopped, then opened.
    await postJson(lab.server.url, '/execute', {
      deviceId: lab.serial,
      execution: {
        commandId: `reset-${Date.now()}`,
        taskId: 'reset',
        source: 'inspector-test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 30_000,
        actions: [
          { id: 'stop', type: 'close_app', params: { applicationId: SETTINGS } },
          { id: 'open', type: 'open_app', params: { applicationId: SETTINGS } },
        ],
      },
    });
    await page?.close();
    page = await lab.openInspector();
  });

  it('loads the screen, its bounds and its whole hierarchy, with every request going to svc', async () => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.reload();
    await waitForScreen(page);
    const tree = await deviceTree();
    assert.equal(await page.locator('#tree .row').count(), tree.nodes.length);
    assert.match(
      (await page.textContent('#status')) ?? '',
      new RegExp(`${lab.serial.replace('.', '\\.')} · \\d+ nodes`),
    );
    assert.ok(await page.locator('#tree .row', { hasText: '"Network & internet"' }).isVisible());
    assert.ok(requests.length >= 4, requests.join('\n'));
    assert.deepEqual(
      requests.filter((url) => !url.startsWith(`${lab.server.url}/`)),
      [],
      'the page loads nothing from anywhere but svc',
    );
  });

  it('selects the node under a clicked spot of the picture, in the tree and the details', async () => {
    await selectOnPicture('Battery');
    const details = (await page.textContent('#details')) ?? '';
    assert.match(details, /resource-id\s*com\.android\.settings:id\/title/);
    // The operator app's role: a text in a clickable row is a button (RoleInference.kt @ clawperator v0.5.2).
    assert.match(details, /rolebutton/);
    assert.match(details, /textBattery/);

    // And the other way: pointing at a row of the tree outlines that node on the picture.
    const storage = (await deviceTree()).nodes.find((n) => n.text === 'Storage');
    assert.ok(storage);
    await page.locator('#tree .row', { hasText: '"Storage"' }).hover();
    const box = page.locator('.box-hover');
    await box.waitFor();
    const [frame, outline] = await Promise.all([page.locator('#screen-frame').boundingBox(), box.boundingBox()]);
    assert.ok(frame && outline);
    const size = await page.$eval(
      '#screen-picture',
      (img) => (img as unknown as { naturalHeight: number }).naturalHeight,
    );
    const top = frame.y + (storage.bounds.top / size) * frame.height;
    const bottom = frame.y + (storage.bounds.bottom / size) * frame.height;
    assert.ok(Math.abs(outline.y - top) < 2 && Math.abs(outline.y + outline.height - bottom) < 2, 'outlined in place');
  });

  it('offers a unique selector for the selected node and counts an ambiguous one as the host matcher does', async () => {
    await selectOnPicture('Battery');
    const tree = await deviceTree();
    const first = page.locator('#selectors .candidate').first();
    await first.waitFor();
    assert.equal(await first.locator('.badge').textContent(), 'unique');
    const byId = page.locator('#selectors .candidate', { hasText: `{"resourceId":"${TITLE_ID}"}` });
    const titles = countMatches(tree, { resourceId: TITLE_ID });
    assert.ok(titles > 1);
    assert.equal(await byId.locator('.badge').textContent(), `${titles} matches`);

    // Editing the selector counts it again, on the server.
    const editor = page.locator('#selector-edit');
    await editor.fill('{"textContains":"&"}');
    const ampersands = countMatches(tree, { textContains: '&' });
    await page.locator('#selector-count', { hasText: `${ampersands} matches` }).waitFor();
    await editor.fill('{"role":"wheel"}');
    await page.locator('#selector-count.bad', { hasText: 'unknown role' }).waitFor();
    await editor.fill('{"textEquals":"Battery"}');
    await page.locator('#selector-count.good', { hasText: 'unique' }).waitFor();
  });

  it('taps a list row from the page: the device changes screen, the picture and the tree follow', async () => {
    const pictureBefore = await page.$eval('#screen-picture', (img) => (img as unknown as { src: string }).src);
    const bytesBefore = await (await page.request.get(pictureBefore)).body();
    await selectOnPicture('Network & internet');
    await page.locator('button[data-act="tap"]').click();
    const pictureAfter = await waitForScreen(page, pictureBefore);
    await page.locator('#tree .row', { hasText: 'TextView "Wi-Fi"' }).waitFor();
    assert.ok(
      (await deviceTree()).nodes.some((n) => n.text === 'Wi-Fi'),
      'the device shows the network screen',
    );
    const bytesAfter = await (await page.request.get(pictureAfter)).body();
    assert.notDeepEqual(bytesAfter, bytesBefore);
    assert.match((await page.textContent('#act-result')) ?? '', /tap: done/);
    await page.locator('#log li', { hasText: 'click' }).first().waitFor();
  });

  it('records acts into one execution that `svc exec` replays with success, and drafts it as a skill', async () => {
    await page.locator('button[data-act="home"]').click();
    await page.locator('#act-result', { hasText: 'home: done' }).waitFor();
    await page.locator('#record').click();
    await page.locator('#act-app').fill(SETTINGS);
    await page.locator('button[data-act="open"]').click();
    await page.locator('#act-result', { hasText: 'open: done' }).waitFor();
    await waitForScreen(page);
    await page.locator('#tree .row', { hasText: '"Network & internet"' }).waitFor();
    await selectOnPicture('Network & internet');
    await page.locator('button[data-act="tap"]').click();
    await page.locator('#tree .row', { hasText: 'TextView "Wi-Fi"' }).waitFor();
    await page.locator('button[data-act="back"]').click();
    await page.locator('#act-result', { hasText: 'back: done' }).waitFor();
    await page.locator('#record').click();
    await page.locator('#record-count', { hasText: '3 recorded' }).waitFor();

    await page.locator('#copy-scope').selectOption('recording');
    await page.locator('button[data-form="json"]').click();
    await page.locator('#copy-output', { hasText: '"commandId"' }).waitFor();
    const execution = JSON.parse((await page.textContent('#copy-output')) ?? '');
    // 96 random bits in the page's ids too: nothing on the device can guess one to answer for the operator.
    assert.match(execution.commandId, /^inspector-[a-z-]+-\d+-[0-9a-f]{24}$/);
    assert.deepEqual(
      execution.actions.map((a: { type: string }) => a.type),
      ['open_app', 'click', 'press_key'],
    );
    // The whole session holds the act before the recording too; the last act copies as its flat command.
    await page.locator('#copy-scope').selectOption('session');
    await page.locator('#copy-output', { hasText: '"key": "home"' }).waitFor();
    assert.equal(JSON.parse((await page.textContent('#copy-output')) ?? '').actions.length, 4);
    await page.locator('#copy-scope').selectOption('last');
    await page.locator('button[data-form="cli"]').click();
    // Two devices are connected: the copy names the one the screen came from.
    await page.locator('#copy-output', { hasText: /^svc press back --device \S+$/ }).waitFor();
    assert.equal(await page.textContent('#copy-output'), `svc press back --device ${lab.serial}`);
    await page.locator('button[data-form="mcp"]').click();
    await page.locator('#copy-output', { hasText: '"name": "press-key"' }).waitFor();
    await page.locator('#copy-scope').selectOption('recording');
    await page.locator('button[data-form="json"]').click();
    await page.locator('#copy-output', { hasText: '"commandId"' }).waitFor();

    const env = lab.server.lab.env;
    const home = await runCliJson(['press', 'home', '--device', lab.serial, '--no-daemon'], { env });
    assert.equal(home.code, 0, home.stdout);
    const replayed = await runCliJson(['exec', JSON.stringify(execution), '--device', lab.serial, '--no-daemon'], {
      env,
    });
    assert.equal(replayed.code, 0, replayed.stdout);
    assert.equal(replayed.json.succeeded, true);
    assert.equal(replayed.json.envelope.stepResults.length, 3);

    // The page replays the same recording as one execution.
    await page.locator('#replay').click();
    await page.locator('#act-result', { hasText: 'replay of 3 act(s): done' }).waitFor();

    await page.locator('button[data-form="cli"]').click();
    await page.locator('#copy-output', { hasText: "svc exec '" }).waitFor();
    await page.locator('button[data-form="skill"]').click();
    const draft = page.locator('#copy-output', { hasText: 'artifacts/recorded.recipe.json' });
    await draft.waitFor();
    const text = (await draft.textContent()) ?? '';
    assert.match(text, /SKILL\.md/);
    assert.match(text, /scripts\/run\.js/);
    assert.match(text, /"applicationId": "\{\{APPLICATION_ID\}\}"/);
  });

  it('reads and scrolls from the page, showing what the device answered', async () => {
    await selectOnPicture('Battery');
    await page.locator('button[data-act="read"]').click();
    await page.locator('#act-result', { hasText: 'read: done → "Battery"' }).waitFor();
    const before = await page.$eval('#screen-picture', (img) => (img as unknown as { src: string }).src);
    await page.locator('#act-direction').selectOption('down');
    await page.locator('button[data-act="scroll"]').click();
    await page.locator('#act-result', { hasText: 'scroll: done → moved' }).waitFor();
    await waitForScreen(page, before);
    assert.ok(!(await deviceTree()).nodes.some((n) => n.text === 'Network & internet'), 'the list moved');
  });

  it('scrolls the list the selection is in, not the first list on the screen', async () => {
    await page.locator('#act-app').fill(TWO_LISTS);
    await page.locator('button[data-act="open"]').click();
    await page.locator('#tree .row', { hasText: '"Bottom 1"' }).waitFor();
    await selectOnPicture('Bottom 2');
    const before = await page.$eval('#screen-picture', (img) => (img as unknown as { src: string }).src);
    await page.locator('#act-direction').selectOption('down');
    await page.locator('button[data-act="scroll"]').click();
    await page.locator('#act-result', { hasText: 'scroll: done → moved' }).waitFor();
    await waitForScreen(page, before);
    const texts = (await deviceTree()).nodes.map((n) => n.text);
    assert.ok(texts.includes('Top 1'), 'the top list did not move');
    assert.ok(!texts.includes('Bottom 1'), 'the bottom list moved');
    // The act names its list, so the copied command scrolls the same one.
    await page.locator('button[data-form="cli"]').click();
    await page.locator('#copy-output', { hasText: `svc scroll down --container-id ${TWO_LISTS}:id/bottom` }).waitFor();
  });

  it('types into a field and long-presses a row from the page', async () => {
    await selectOnPicture('Search settings');
    await page.locator('#act-text').fill('wifi');
    await page.locator('button[data-act="type"]').click();
    await page.locator('#act-result', { hasText: 'type: done → 4 characters typed' }).waitFor();
    const typed = (await deviceTree()).nodes.find((n) => n.resourceId === `${SETTINGS}:id/search_src_text`);
    assert.equal(typed?.text, 'wifi');
    await waitForScreen(page);
    // The field typed into stays selected on the new screen, although its text changed.
    await page.locator('#tree .row.selected', { hasText: 'EditText "wifi"' }).waitFor();
    assert.match((await page.textContent('#details')) ?? '', /textwifi/);
    await selectOnPicture('Apps');
    await page.locator('button[data-act="long"]').click();
    await page.locator('#act-result', { hasText: 'long: done' }).waitFor();
    const long = await page.locator('#log li', { hasText: 'click' }).count();
    assert.ok(long >= 1);
  });

  it('keeps the page still while pointing: hovering changes a few classes and one box, nothing is rebuilt', async () => {
    await page.evaluate(() => {
      const w = globalThis as unknown as Record<string, unknown> & { document: unknown };
      const seen: string[] = [];
      w.seenMutations = seen;
      const Observer = w.MutationObserver as new (
        cb: (list: { type: string; attributeName: string | null; target: { className?: unknown } }[]) => void,
      ) => { observe(target: unknown, options: Record<string, boolean>): void };
      new Observer((list) => {
        for (const m of list) seen.push(`${m.type} ${m.attributeName ?? ''} ${String(m.target.className ?? '')}`);
      }).observe(w.document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const box = await page.locator('#screen-frame').boundingBox();
    assert.ok(box);
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width / 2, box.y + (box.height * i) / 13);
    await page.locator('#tree .row.hovered').waitFor();
    const seen =
      (await page.evaluate(() => (globalThis as unknown as { seenMutations: string[] }).seenMutations)) ?? [];
    assert.ok(seen.length > 0, 'hovering showed something');
    const unexpected = seen.filter(
      (m) => !/^attributes (class row( hovered)?|style box box-hover|hidden box box-hover)$/.test(m),
    );
    assert.deepEqual(unexpected, []);
  });

  it('answers the keyboard: r captures again, / searches, Enter selects the hit, arrows move the selection', async () => {
    const before = await page.$eval('#screen-picture', (img) => (img as unknown as { src: string }).src);
    await page.locator('body').press('r');
    await waitForScreen(page, before);
    await page.locator('body').press('/');
    await page.keyboard.type('Battery');
    await page.keyboard.press('Enter');
    await page.locator('#tree .row.selected', { hasText: '"Battery"' }).waitFor();
    await page.locator('#tree-search').fill('');
    await page.keyboard.press('Escape'); // leaves the search box: the keys act on the page again
    await page.keyboard.press('ArrowDown');
    await page.locator('#tree .row.selected', { hasText: 'LinearLayout' }).waitFor();
  });

  it('captures again when another client acts on the device through the server, and not when auto is off', async () => {
    const before = await page.$eval('#screen-picture', (img) => (img as unknown as { src: string }).src);
    const foreign = (id: string, action: Record<string, unknown>) =>
      postJson(lab.server.url, '/execute', {
        deviceId: lab.serial,
        waitDeviceMs: 20_000,
        execution: {
          commandId: id,
          taskId: id,
          source: 'an-agent',
          expectedFormat: 'android-ui-automator',
          timeoutMs: 30_000,
          actions: [{ id: 'a', ...action }],
        },
      });
    const opened = await foreign(`agent-open-${Date.now()}`, {
      type: 'open_app',
      params: { applicationId: 'com.svc.notes' },
    });
    assert.equal(opened.body.succeeded, true, JSON.stringify(opened.body));
    await waitForScreen(page, before);
    await page.locator('#log li', { hasText: 'open_app an-agent' }).waitFor();
    await page.locator('#tree .row', { hasText: '#notes_root' }).waitFor();

    // Auto off (the key works right after clicking the box): neither an act of the page nor another client's
    // execution captures the screen again; the page says how to see it.
    await page.locator('#auto-refresh').uncheck();
    const still = await page.$eval('#screen-picture', (img) => (img as unknown as { src: string }).src);
    await page.keyboard.press('h');
    await page.locator('#act-result', { hasText: 'home: done' }).waitFor();
    await page.locator('#act-result .hint', { hasText: 'auto is off' }).waitFor();
    const home = await foreign(`agent-home-${Date.now()}`, { type: 'press_key', params: { key: 'home' } });
    assert.equal(home.body.succeeded, true);
    await page.locator('#log li', { hasText: 'press_key an-agent' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await page.$eval('#screen-picture', (img) => (img as unknown as { src: string }).src), still);
    await page.locator('#auto-refresh').check();
    await page.keyboard.press('r');
    await waitForScreen(page, still);
  });

  it('acts through adb on a phone without the operator: a tap from the page changes its screen', async () => {
    const phone = await lab.openInspector({ serial: stock });
    try {
      await phone.locator('#status', { hasText: 'driver adb' }).waitFor();
      await phone.locator('#act-app').fill(SETTINGS);
      await phone.locator('button[data-act="open"]').click();
      await phone.locator('#act-result', { hasText: 'open: done' }).waitFor();
      const row = phone.locator('#tree .row', { hasText: '"Network & internet"' });
      await row.waitFor();
      await row.click();
      await phone.locator('#selector-count', { hasText: 'unique' }).waitFor();
      const before = await phone.$eval('#screen-picture', (img) => (img as unknown as { src: string }).src);
      await phone.locator('button[data-act="tap"]').click();
      await phone.locator('#act-result', { hasText: 'tap: done' }).waitFor();
      await waitForScreen(phone, before);
      await phone.locator('#tree .row', { hasText: 'TextView "Wi-Fi"' }).waitFor();
      await phone.locator('#log li', { hasText: 'click svc-inspector' }).first().waitFor();
    } finally {
      await phone.close();
    }
  });

  it('says over the picture why a capture failed, with what to do about it', async () => {
    const phone = await lab.openInspector({ serial: stock, driver: 'operator', waitForScreen: false });
    try {
      const problem = phone.locator('#screen-problem', { hasText: 'OPERATOR_NOT_INSTALLED' });
      await problem.waitFor();
      assert.match((await problem.textContent()) ?? '', /--driver adb/, 'the hint names the way out');
      assert.equal(await phone.locator('#screen-picture').isVisible(), false, 'no broken picture');
      await phone.locator('#driver').selectOption('auto');
      await waitForScreen(phone);
      assert.equal(await problem.isVisible(), false);
    } finally {
      await phone.close();
    }
  });

  it('captures through the adb driver too', async () => {
    await page.locator('#driver').selectOption('adb');
    await page.locator('#status', { hasText: 'driver adb' }).waitFor();
    await page.locator('#tree .row', { hasText: '"Network & internet"' }).waitFor();
    await page.locator('#driver').selectOption('auto');
    await page.locator('#status', { hasText: 'driver operator' }).waitFor();
  });
});
