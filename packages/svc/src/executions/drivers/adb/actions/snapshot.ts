// snapshot_ui: one dump, rendered in the operator's snapshot format and limits, so a snapshot reads the same
// whichever driver took it. The settle warning after a click is added by the driver, as for the operator.
import { renderSnapshot } from '../../../../ui/index.ts';
import { readScreen } from '../screen.ts';
import type { ActionRunner } from '../step.ts';
import type { AdbEntries } from './adb-table.ts';

const snapshotUi: ActionRunner<'snapshot_ui'> = async (step) => {
  const { tree } = await readScreen(step, { interacts: false });
  // The operator's keys (UiActionEngine.kt:596-619 @ v0.5.2): the app in front, no overlay (a dump is one window;
  // overlay_package and window_count come from accessibility windows adb cannot list), svc's panel not showing.
  const foreground = tree.roots[0]?.pkg;
  return {
    actual_format: 'hierarchy_xml',
    ...(foreground ? { foreground_package: foreground } : {}),
    has_overlay: 'false',
    operator_overlay_visible: 'false',
    text: renderSnapshot(tree),
  };
};

export const SNAPSHOT_ACTIONS = {
  snapshot_ui: { run: snapshotUi },
} satisfies AdbEntries;
