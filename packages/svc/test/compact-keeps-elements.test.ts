// The compact snapshot keeps every element an agent could act on or read, checked against the full XML of every
// screen of the simulator's apps an agent reaches first (Settings and its About screen, the login form, notes,
// thermostat, browser), through real adb: each visible node that is actionable has its own line (its bounds), and
// each visible text or label shows on some line (its own, or the row that reads it).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { area, parseHierarchy, rectString } from '../src/ui/index.ts';
import { runCliJson } from './run-cli.ts';

const SCREENS: [string, string[]][] = [
  ['com.android.settings', []],
  ['com.android.settings', ['scroll-until', '--text', 'About phone', '--click']],
  ['com.svc.login', []],
  ['com.svc.notes', []],
  ['com.svc.thermostat', []],
  ['com.svc.browser', []],
];

describe('the compact snapshot against the XML of the same screen', () => {
  let lab: Lab;
  let sim: SimDevice;
  const svc = (...args: string[]) => runCliJson([...args, '--device', sim.serial, '--no-daemon'], { env: lab.env });
  before(async () => {
    lab = await createLab({ devices: [{}] });
    sim = lab.devices[0] as SimDevice;
  });
  after(async () => {
    await lab?.close();
  });

  test('every actionable node has its line and every visible text or label is shown', async () => {
    for (const [app, then] of SCREENS) {
      await svc('close-app', app);
      assert.equal((await svc('open', app)).code, 0);
      if (then.length > 0) assert.equal((await svc(...then)).code, 0, then.join(' '));
      await svc('sleep', '300');
      const xml = (await svc('snapshot')).json.envelope.stepResults[0].data.text as string;
      const compact = (await svc('snapshot', '--format', 'compact')).json.envelope.stepResults[0].data.text as string;
      const parsed = parseHierarchy(xml);
      assert.ok(parsed.ok);
      const lines = compact.split('\n').slice(1);
      let checked = 0;
      for (const node of parsed.tree.nodes) {
        if (area(node.bounds) === 0) continue;
        const actionable = node.clickable || node.longClickable || node.checkable || node.scrollable;
        if (actionable) {
          assert.ok(
            lines.some((line) => line.includes(` ${rectString(node.bounds)}`)),
            `${app}: the ${node.cls} at ${rectString(node.bounds)} has no line:\n${compact}`,
          );
          checked++;
        }
        for (const shown of [node.text, node.desc]) {
          if (shown.trim() === '') continue;
          // Lines quote texts as JSON strings.
          const quoted = JSON.stringify(shown).slice(1, -1);
          assert.ok(compact.includes(quoted), `${app}: ${JSON.stringify(shown)} is not shown:\n${compact}`);
          checked++;
        }
      }
      assert.ok(checked >= 2, `${app}: the screen has elements to check`);
    }
  });
});
