// How quick the inspector page is on a busy screen: a simulated app showing 300+ nodes (30 rows of 9 cells), the
// page in headless Chromium. Measures the page's first paint, the first screen (navigation until the picture and the whole tree show, the
// device's capture included), the page's own drawing of a screen (tree, bounds, details), and the cost of one
// pointer move over the picture (hit test + hover highlight). Prints JSON, then a short table.
// Usage: npx node --conditions=svc-source bench/inspector.ts [--runs N]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startInspectorLab, waitForScreen } from '../packages/svc/test/inspector-helpers.ts';
import { postJson } from '../packages/svc/test/server-helpers.ts';
import { countsFor } from './lib/measure.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: String(countsFor({ runs: 10 }, { runs: 2 }).runs) } },
});
const runs = Number(values.runs);
const ROWS = 30;
const CELLS = 9;
const APP = 'com.example.grid';

function gridApp(): object {
  const rows = Array.from({ length: ROWS }, (_, r) => ({
    class: 'LinearLayout',
    orientation: 'horizontal',
    height: 70,
    children: Array.from({ length: CELLS }, (_, c) => ({
      class: 'TextView',
      id: `cell_${c}`,
      text: `${r + 1}.${c + 1}`,
      clickable: true,
    })),
  }));
  return {
    package: APP,
    label: 'Grid',
    launchable: true,
    start: 'main',
    screens: { main: { root: { class: 'LinearLayout', id: 'grid', children: rows } } },
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const median = (xs: number[]) => round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN);

const apps = mkdtempSync(join(tmpdir(), 'svc-bench-apps-'));
writeFileSync(join(apps, 'grid.json'), JSON.stringify(gridApp()));
const lab = await startInspectorLab([{ appsDir: apps }]);
try {
  const open = await postJson(lab.server.url, '/execute', {
    deviceId: lab.serial,
    execution: {
      commandId: 'bench-open',
      taskId: 'bench-open',
      source: 'bench',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 30_000,
      actions: [{ id: 'open', type: 'open_app', params: { applicationId: APP } }],
    },
  });
  if (open.body.succeeded !== true) throw new Error(`could not open the grid app: ${JSON.stringify(open.body)}`);
  const firstScreen: number[] = [];
  const draw: number[] = [];
  const capture: number[] = [];
  const firstPaint: number[] = [];
  const perMove: number[] = [];
  let nodes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const page = await lab.openInspector({ width: 1440, height: 900 });
    firstScreen.push(performance.now() - started);
    capture.push(Number(/(\d+) ms$/.exec((await page.textContent('#status')) ?? '')?.[1]));
    firstPaint.push(
      await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
    );
    nodes = await page.locator('#tree .row').count();
    draw.push(await page.evaluate(() => performance.getEntriesByName('svc-inspector:draw')[0]?.duration ?? Number.NaN));
    perMove.push(
      await page.evaluate(() => {
        // biome-ignore lint/suspicious/noExplicitAny: runs in the page, whose DOM types this file does not load.
        const doc = (globalThis as any).document;
        const frame = doc.getElementById('screen-frame');
        const box = frame.getBoundingClientRect();
        const moves = 200;
        const t0 = performance.now();
        for (let m = 0; m < moves; m++) {
          const init = {
            clientX: box.left + (box.width * (m % 20)) / 20 + 3,
            clientY: box.top + (box.height * m) / moves,
            bubbles: true,
          };
          // biome-ignore lint/suspicious/noExplicitAny: see above
          frame.dispatchEvent(new (globalThis as any).MouseEvent('mousemove', init));
        }
        doc.body.getBoundingClientRect(); // the layout those moves caused
        return (performance.now() - t0) / moves;
      }),
    );
    await waitForScreen(page);
    await page.close();
  }
  const result = {
    bench: 'inspector',
    runs,
    nodes,
    firstPaintMs: median(firstPaint),
    firstScreenMs: median(firstScreen),
    captureMs: median(capture),
    drawMs: median(draw),
    pointerMoveMs: Math.round(median(perMove) * 1000) / 1000,
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`\nscreen of ${nodes} nodes, median of ${runs} page loads (headless Chromium, simulated device)`);
  console.log(`first paint of the page (the browser's first contentful paint)  ${result.firstPaintMs} ms`);
  console.log(`first screen (navigation → picture and tree, capture included)  ${result.firstScreenMs} ms`);
  console.log(`  of which the capture request (snapshot + screenshot on the device) ${result.captureMs} ms`);
  console.log(`drawing a screen in the page (tree, bounds, details)             ${result.drawMs} ms`);
  console.log(`one pointer move over the picture (hit test + highlight)        ${result.pointerMoveMs} ms`);
} finally {
  await lab.close();
  rmSync(apps, { recursive: true, force: true });
}
