// A snapshot in compact form: the run's snapshot XML becomes the compact screen (ui/compact.ts) in the step's text,
// `data.format` says `compact`, and the refs are kept for the device so the next actions can name `{ "ref": "e3" }`.
import type { RunResult } from '../../contracts/types.ts';
import type { SvcContext } from '../../core/context.ts';
import { parseHierarchy, renderCompact } from '../../ui/index.ts';
import { refRecordOf, saveRefs } from './ref-store.ts';

export async function compactSnapshots(ctx: Pick<SvcContext, 'files' | 'home'>, result: RunResult): Promise<RunResult> {
  if (!result.ok) return result;
  for (const step of result.envelope.stepResults ?? []) {
    if (step.actionType !== 'snapshot_ui' || !step.success || step.data.text === undefined) continue;
    const parsed = parseHierarchy(step.data.text);
    if (!parsed.ok) continue;
    const screen = renderCompact(parsed.tree);
    await saveRefs(ctx, result.deviceId, refRecordOf(screen, Date.now()));
    step.data = { ...step.data, text: screen.text, format: 'compact', refs: String(screen.refs.length) };
  }
  return result;
}
