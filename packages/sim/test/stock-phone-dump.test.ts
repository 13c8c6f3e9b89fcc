// `uiautomator dump` on the simulated stock phone, through the real adb binary: the format hosts parse (AOSP
// cmds/uiautomator AccessibilityNodeInfoDumper.java through KXmlSerializer) and every way a real dump fails, with the
// exact text, stream and exit status a phone gives (sources in src/faults/dump-faults.ts and the svc repo's
// ADB-DRIVER-NOTES: DumpCommand.java, dtmilano/AndroidViewClient#257, TencentQQGYLab/AppAgent#39,
// fixed-width/glass#341, xiaocong/uiautomator#218, appium/appium-espresso-driver#641, appium/appium#4252).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from '../src/testing/lab.ts';

const NOTES = 'com.svc.notes';
const NULL_ROOT = 'ERROR: null root node returned by UiTestAutomationBridge.\n';

/** The attributes of the first `<node>` whose resource-id is `id`, in their order. */
function nodeAttributes(xml: string, id: string): [string, string][] {
  const element = new RegExp(`<node [^>]*resource-id="${id}"[^>]*>`).exec(xml)?.[0] ?? '';
  return [...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]);
}

describe('uiautomator dump on a stock phone', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }, { operator: false, apiLevel: 36 }] });
  });
  after(() => lab?.close());
  const sim = (i = 0) => lab.devices[i]!;
  const shell = (line: string, i = 0) => lab.adb('-s', sim(i).serial, 'shell', line);
  const dumpOf = async (pkg: string, i = 0) => {
    await shell(`am start -n ${pkg}/.MainActivity`, i);
    const out = await shell('uiautomator dump /dev/tty', i);
    assert.equal(out.code, 0, out.stderr);
    return out.stdout;
  };

  it('writes one line of XML with the status line glued after </hierarchy> when the file is /dev/tty', async () => {
    const out = await dumpOf(NOTES);
    assert.match(out, /^<\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?><hierarchy rotation="0"><node /);
    assert.match(out, /<\/hierarchy>UI hierchary dumped to: \/dev\/tty\n$/);
    assert.equal(out.split('\n').length, 2, 'one line of XML, then the end of the status line');
  });

  it('writes the file and prints only the status line when given a path', async () => {
    await shell('rm -f /data/local/tmp/d.xml');
    const out = await shell('uiautomator dump /data/local/tmp/d.xml');
    assert.deepEqual([out.code, out.stdout, out.stderr], [0, 'UI hierchary dumped to: /data/local/tmp/d.xml\n', '']);
    assert.match((await shell('cat /data/local/tmp/d.xml')).stdout, /^<\?xml .*<\/hierarchy>$/);
  });

  it('keeps AOSP attribute order with NAF first on a clickable node that says nothing about itself', async () => {
    const xml = await dumpOf(NOTES);
    const names = nodeAttributes(xml, `${NOTES}:id/menu`).map(([name]) => name);
    assert.deepEqual(names, [
      'NAF',
      'index',
      'text',
      'resource-id',
      'class',
      'package',
      'content-desc',
      'checkable',
      'checked',
      'clickable',
      'enabled',
      'focusable',
      'focused',
      'scrollable',
      'long-clickable',
      'password',
      'selected',
      'bounds',
    ]);
    assert.equal(nodeAttributes(xml, `${NOTES}:id/save`)[0]?.[0], 'index', 'a button with text is not NAF');
  });

  it('skips an invisible child but counts it: the next index leaves a gap', async () => {
    const xml = await dumpOf(NOTES);
    assert.doesNotMatch(xml, /sync_status/);
    assert.equal(new Map(nodeAttributes(xml, `${NOTES}:id/toolbar`)).get('index'), '0');
    assert.equal(new Map(nodeAttributes(xml, `${NOTES}:id/last_note`)).get('index'), '2');
  });

  it('escapes & < > " as entities, leaves \' raw and writes a character beyond the BMP as a reference', async () => {
    const xml = await dumpOf(NOTES);
    assert.equal(
      new Map(nodeAttributes(xml, `${NOTES}:id/escaped`)).get('text'),
      "Tom &amp; Jerry's &quot;notes&quot; &lt;draft&gt;",
    );
    assert.equal(new Map(nodeAttributes(xml, `${NOTES}:id/mood`)).get('text'), 'Mood: café &#128512;');
  });

  it('clips bounds to what is visible: the last row of a list is cut at the list edge', async () => {
    await shell('am start -n com.android.settings/.Settings');
    const xml = (await shell('uiautomator dump /dev/tty')).stdout;
    const list = new Map(nodeAttributes(xml, 'com.android.settings:id/recycler_view')).get('bounds') ?? '';
    const listBottom = Number(/\]\[\d+,(\d+)\]$/.exec(list)?.[1]);
    const rows = [
      ...xml.matchAll(/resource-id="com\.android\.settings:id\/title"[^>]*bounds="\[\d+,(\d+)\]\[\d+,(\d+)\]"/g),
    ];
    const last = rows.at(-1);
    assert.equal(Number(last?.[2]), listBottom, 'the last row ends where the list ends');
    assert.ok(Number(last?.[2]) - Number(last?.[1]) < Number(rows[0]?.[2]) - Number(rows[0]?.[1]), 'and is shorter');
  });

  it('adds drawing-order and hint after bounds on API 36 only', async () => {
    const newest = await dumpOf(NOTES, 1);
    const attrs = nodeAttributes(newest, `${NOTES}:id/note`);
    assert.deepEqual(
      attrs.slice(-3).map(([name]) => name),
      ['bounds', 'drawing-order', 'hint'],
    );
    assert.equal(new Map(attrs).get('hint'), 'Write a note');
    assert.doesNotMatch(await dumpOf(NOTES, 0), /hint=|drawing-order=/);
  });

  describe('failures, one fault each', () => {
    const DUMP = 'uiautomator dump /data/local/tmp/f.xml';
    /** `absent`, or the file's content. */
    const file = async () => {
      const listed = (await shell('ls /data/local/tmp/f.xml 2>/dev/null')).stdout.trim();
      return listed === '' ? 'absent' : (await shell('cat /data/local/tmp/f.xml')).stdout;
    };

    it('null root: the error on stderr, exit 0, and an older dump file left in place', async () => {
      await shell(`${DUMP}`);
      sim().faults.set('dump_null_root', 1);
      const out = await shell(DUMP);
      assert.deepEqual([out.code, out.stdout, out.stderr], [0, '', NULL_ROOT]);
      assert.match((await shell('cat /data/local/tmp/f.xml')).stdout, /<\/hierarchy>$/, 'the stale file stays');
      assert.equal((await shell(DUMP)).stderr, '', 'a count of 1 fails one dump only');
    });

    it('never idle: "could not get idle state" after the wait, exit 0', async () => {
      sim().faults.set('dump_not_idle', 20);
      const out = await shell(DUMP);
      sim().faults.clear('dump_not_idle');
      assert.deepEqual([out.code, out.stdout, out.stderr], [0, '', 'ERROR: could not get idle state.\n']);
    });

    it('a crash walking the tree: nothing printed, a non-zero exit, an empty file', async () => {
      await shell('rm -f /data/local/tmp/f.xml');
      sim().faults.set('dump_crash', 1);
      const out = await shell(DUMP);
      assert.deepEqual([out.code, out.stdout, out.stderr], [1, '', '']);
      assert.equal(await file(), '', 'an empty file');
    });

    it('another UiAutomation client: the IllegalStateException "already registered!"', async () => {
      sim().faults.set('dump_already_registered', 1);
      const out = await shell(DUMP);
      assert.equal(out.code, 1);
      assert.match(out.stderr, /^java\.lang\.IllegalStateException: UiAutomationService .*already registered!\n/);
    });

    it('killed: "Killed" and exit 137', async () => {
      sim().faults.set('dump_killed', 1);
      const out = await shell(DUMP);
      assert.deepEqual([out.code, out.stderr], [137, 'Killed\n']);
    });

    it('the success line but no XML written', async () => {
      await shell('rm -f /data/local/tmp/f.xml');
      sim().faults.set('dump_no_xml', 1);
      const out = await shell(DUMP);
      assert.deepEqual([out.code, out.stdout, out.stderr], [0, 'UI hierchary dumped to: /data/local/tmp/f.xml\n', '']);
      assert.equal(await file(), 'absent');
    });
  });
});
