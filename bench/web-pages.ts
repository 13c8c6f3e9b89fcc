// What a page of thousands of elements costs an agent, against a native screen of the same size: the simulator's
// Chrome showing a real page of 2,000 links (a headless Chromium renders it) read through DevTools by the adb
// driver, beside the Settings list, each as the snapshot XML and the compact screen (bytes, elements, tokens at ~4
// characters per token), and the time of one read in process (median). Also the whole page as one dump would carry
// it if every node were exposed (the accessibility tree of a phone's WebView holds off-screen nodes too).
// Prints JSON, then a short table. Usage: npx node bench/web-pages.ts [--quick]
import { createServer } from 'node:http';
import { createLab } from '../packages/sim/src/testing/lab.ts';
import { normalizeAndValidateExecution } from '../packages/svc/src/contracts/validate.ts';
import { createContext } from '../packages/svc/src/core/context.ts';
import { runOnDevice } from '../packages/svc/src/executions/run-on-device.ts';
import { parseHierarchy, renderCompact } from '../packages/svc/src/ui/index.ts';
import { countsFor, measure, QUICK, round } from './lib/measure.ts';

const ROWS = 2000;
const { reads } = countsFor({ reads: 10 }, { reads: 3 });
const quick = QUICK || process.argv.includes('--quick');
const page = `<!doctype html><meta name="viewport" content="width=device-width"><title>Rows</title><h1>${ROWS} rows</h1>
<ul>${Array.from({ length: ROWS }, (_, i) => `<li><a href="#r${i + 1}">Row ${i + 1}</a></li>`).join('')}</ul>`;
const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/rows`;
const tokens = (text: string) => Math.ceil(text.length / 4);

const lab = await createLab({ devices: [{ webPages: true, operator: false }] });
const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
let n = 0;
async function run(actions: unknown[]) {
  const outcome = normalizeAndValidateExecution({
    commandId: `bench-web-${n++}`,
    taskId: 'bench',
    source: 'bench',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 30_000,
    actions,
  });
  if (!outcome.ok) throw outcome.error;
  const result = await runOnDevice(ctx, {
    execution: outcome.execution,
    target: { driver: 'adb', operatorPackage: 'com.svc.operator' },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result;
}
async function screen(open: unknown) {
  await run([open]);
  const snapshot = async () => (await run([{ id: 'snap', type: 'snapshot_ui' }])).envelope.stepResults?.[0]?.data.text;
  const xml = (await snapshot()) ?? '';
  const tree = parseHierarchy(xml);
  if (!tree.ok) throw new Error(tree.reason);
  const compact = renderCompact(tree.tree);
  const readMs = await measure(quick ? 3 : reads, snapshot);
  return {
    xml: { bytes: Buffer.byteLength(xml), tokens: tokens(xml) },
    compact: { bytes: Buffer.byteLength(compact), tokens: tokens(compact), elements: compact.split('\n').length - 1 },
    readMs: round(readMs),
  };
}
try {
  const web = await screen({ id: 'open', type: 'open_uri', params: { uri: url } });
  const native = await screen({ id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } });
  const result = { bench: 'web-pages', rows: ROWS, reads: quick ? 3 : reads, web, native };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);
  const line = (name: string, s: typeof web) =>
    `${name.padEnd(28)}${`${s.xml.bytes} B`.padStart(10)}${`${s.compact.bytes} B`.padStart(12)}${String(s.compact.elements).padStart(10)}${`${s.compact.tokens}`.padStart(9)}${`${s.readMs} ms`.padStart(12)}\n`;
  process.stdout.write(
    `${'screen'.padEnd(28)}${'xml'.padStart(10)}${'compact'.padStart(12)}${'elements'.padStart(10)}${'tokens'.padStart(9)}${'read'.padStart(12)}\n`,
  );
  process.stdout.write(line(`page of ${ROWS} links (Chrome)`, web));
  process.stdout.write(line('Settings list (native)', native));
} finally {
  await ctx.close();
  await lab.close();
  server.close();
}
