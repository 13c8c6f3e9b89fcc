// snapshot_ui: one dump, rendered in the operator's snapshot format and limits, so a snapshot reads the same
// whichever driver took it. The settle warning after a click is added by the driver, as for the operator.
import { renderSnapshot } from '../../../../ui/index.ts';
import { readScreen } from '../screen.ts';
import type { ActionRunner } from '../step.ts';

export const snapshotUi: ActionRunner<'snapshot_ui'> = async (step) => {
  const { tree } = await readScreen(step, { interacts: false });
  return {
    actual_format: 'hierarchy_xml',
    has_overlay: 'false',
    overlay_package: '',
    window_count: String(tree.roots.length),
    operator_overlay_visible: 'false',
    text: renderSnapshot(tree),
  };
};
