// Makes docs/inspector.png, the README's picture of the inspector: a simulated phone on Settings, driven through
// real adb on a private adb server, the inspector in headless Chromium (the browser tests' own tooling), a list row
// selected so the selector panel shows its ranked selectors and counts. Nothing is drawn by hand.
//
// Usage: npm run screenshot:inspector   (needs adb and /usr/bin/chromium, or SVC_CHROMIUM; builds the page first)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pagePointOf, startInspectorLab, waitForScreen } from '../packages/svc/test/inspector-helpers.ts';
import { postJson } from '../packages/svc/test/server-helpers.ts';

const root = join(import.meta.dirname, '..');
const out = join(root, 'docs', 'inspector.png');

const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.ts'), '--if-stale'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const lab = await startInspectorLab();
try {
  const opened = await postJson(lab.server.url, '/execute', {
    deviceId: lab.serial,
    execution: {
      commandId: `readme-shot-${Date.now()}`,
      taskId: 'readme-shot',
      source: 'readme-screenshot',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 30_000,
      actions: [{ id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } }],
    },
  });
  if (opened.body.succeeded !== true) throw new Error(`could not open Settings: ${JSON.stringify(opened.body)}`);
  const page = await lab.openInspector({ width: 1440, height: 900 });
  // A row title: its id repeats on every row, so the panel shows unique selectors beside an ambiguous one.
  await page.locator('#tree .row', { hasText: '"Network & internet"' }).click();
  await page.locator('#selectors .candidate').first().waitFor();
  // Read it from the page: the act's result shows, and "copy as" writes it as a command line.
  const before = await page.$eval('#screen-picture', (img) => (img as unknown as { src: string }).src);
  await page.locator('button[data-act="read"]').click();
  await page.locator('#act-result', { hasText: 'read: done' }).waitFor();
  await waitForScreen(page, before); // the capture that follows every act
  await page.locator('#selectors .candidate').first().waitFor();
  await page.locator('button[data-form="cli"]').click();
  await page.locator('#copy-output', { hasText: 'svc read' }).waitFor();
  // Point at another row of the picture: its hover box and its tree row show too.
  const point = await pagePointOf(page, 540, 1050);
  await page.mouse.move(point.x, point.y);
  await page.locator('#tree .row.hovered').waitFor();
  await page.screenshot({ path: out });
  console.error(`wrote ${out}`);
} finally {
  await lab.close();
}
