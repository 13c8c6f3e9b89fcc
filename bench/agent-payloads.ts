// What an agent pays to look at the screen: for the simulator's Settings and login screens, the snapshot as full
// hierarchy XML against the compact form (bytes, and tokens at ~4 characters per token), and a screenshot at MCP's
// default (JPEG, longer side 1024) against the device's full PNG. Sizes, not times: one run is exact.
// Prints JSON, then a short table. Usage: npx node bench/agent-payloads.ts
import { createLab } from '../packages/sim/src/testing/lab.ts';
import { normalizeAndValidateExecution } from '../packages/svc/src/contracts/validate.ts';
import { createContext } from '../packages/svc/src/core/context.ts';
import { runOnDevice } from '../packages/svc/src/executions/run-on-device.ts';
import { encodeScreenshot } from '../packages/svc/src/toolbox/screenshot-image.ts';
import { parseHierarchy, renderCompact } from '../packages/svc/src/ui/index.ts';

const SCREENS = { settings: 'com.android.settings', login: 'com.svc.login' } as const;
const tokens = (text: string) => Math.ceil(text.length / 4);

const lab = await createLab({ devices: [{}] });
const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
const serial = lab.devices[0]?.serial as string;
try {
  const snapshots: Record<string, unknown> = {};
  for (const [name, pkg] of Object.entries(SCREENS)) {
    const outcome = normalizeAndValidateExecution({
      commandId: `bench-${name}`,
      taskId: 'bench',
      source: 'bench',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 30_000,
      actions: [
        { id: 'open', type: 'open_app', params: { applicationId: pkg } },
        { id: 'snap', type: 'snapshot_ui' },
      ],
    });
    if (!outcome.ok) throw outcome.error;
    const run = await runOnDevice(ctx, {
      execution: outcome.execution,
      target: { operatorPackage: 'com.svc.operator', driver: 'auto' },
    });
    if (!run.ok) throw new Error(JSON.stringify(run.error));
    const xml = run.envelope.stepResults?.[1]?.data.text ?? '';
    const tree = parseHierarchy(xml);
    if (!tree.ok) throw new Error(tree.reason);
    const compact = renderCompact(tree.tree);
    snapshots[name] = {
      xml: { bytes: Buffer.byteLength(xml), tokens: tokens(xml) },
      compact: { bytes: Buffer.byteLength(compact), tokens: tokens(compact), elements: compact.split('\n').length - 1 },
      ratio: Math.round((Buffer.byteLength(xml) / Buffer.byteLength(compact)) * 10) / 10,
    };
  }
  const png = await ctx.adb.execOut(serial, 'screencap -p');
  const jpeg = await encodeScreenshot(png, { maxSize: 1024, format: 'jpeg' });
  const smallPng = await encodeScreenshot(png, { maxSize: 1024, format: 'png' });
  const result = {
    snapshots,
    screenshot: {
      fullPng: { width: jpeg.deviceWidth, height: jpeg.deviceHeight, bytes: png.length },
      mcpDefaultJpeg: { width: jpeg.width, height: jpeg.height, quality: 80, bytes: jpeg.data.length },
      png1024: { width: smallPng.width, height: smallPng.height, bytes: smallPng.data.length },
      /** Pixels an image-reading model is billed for, relative to the full screen. */
      pixelShare: Math.round(((jpeg.width * jpeg.height) / (jpeg.deviceWidth * jpeg.deviceHeight)) * 1000) / 1000,
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);
  for (const [name, s] of Object.entries(snapshots) as [string, Record<string, { bytes: number; tokens: number }>][]) {
    const row = (form: string) =>
      `${form.padEnd(8)} ${`${s[form]?.bytes} B`.padStart(9)} ${`~${s[form]?.tokens} tok`.padStart(11)}`;
    process.stdout.write(`${name.padEnd(9)} ${row('xml')}   ${row('compact')}\n`);
  }
  const shot = result.screenshot;
  process.stdout.write(
    `screenshot full PNG ${shot.fullPng.width}x${shot.fullPng.height} ${shot.fullPng.bytes} B; ` +
      `MCP default JPEG ${shot.mcpDefaultJpeg.width}x${shot.mcpDefaultJpeg.height} ${shot.mcpDefaultJpeg.bytes} B; ` +
      `PNG ${shot.png1024.width}x${shot.png1024.height} ${shot.png1024.bytes} B\n`,
  );
} finally {
  await ctx.close();
  await lab.close();
}
