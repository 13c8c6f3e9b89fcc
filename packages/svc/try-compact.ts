import { createLab } from 'svc-sim/testing';
import { createContext } from './src/core/context.ts';
import { runOnDevice } from './src/executions/run-on-device.ts';
import { normalizeAndValidateExecution } from './src/contracts/validate.ts';
import { parseHierarchy, renderCompact } from './src/ui/index.ts';
const lab = await createLab({ devices: [{}] });
const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: '/tmp' });
for (const pkg of ['com.android.settings', 'com.svc.login']) {
  const ex = normalizeAndValidateExecution({ commandId: 'c'+pkg, taskId: 't', source: 's', expectedFormat: 'android-ui-automator', timeoutMs: 30000,
    actions: [{ id: 'o', type: 'open_app', params: { applicationId: pkg } }, { id: 's', type: 'snapshot_ui' }] });
  if (!ex.ok) throw ex.error;
  for (const driver of ['operator', 'adb'] as const) {
    const r = await runOnDevice(ctx, { execution: ex.execution, target: { operatorPackage: 'com.svc.operator', driver } });
    if (!r.ok) { console.log(r.error); continue; }
    const xml = r.envelope.stepResults?.[1]?.data.text ?? '';
    const tree = parseHierarchy(xml);
    if (!tree.ok) { console.log(tree.reason); continue; }
    const c = renderCompact(tree.tree);
    console.log(`== ${pkg} ${driver}: xml ${Buffer.byteLength(xml)} B, compact ${Buffer.byteLength(c.text)} B`);
    if (driver === 'operator') console.log(c.text);
  }
}
await ctx.close(); await lab.close();
