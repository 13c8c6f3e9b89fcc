// snapshot_ui: the accessibility tree as uiautomator XML, sent in hierarchy frames before the envelope; the step
// itself carries only metadata (the host injects the XML as data.text).
import type { ActionHandler } from '../context.ts';
import { invalidParamsIf } from '../params.ts';
import { StepError } from '../step-error.ts';

export const snapshotUi: ActionHandler = {
  service: 'ui',
  interacts: false,
  retry: 'UiReadiness',
  async run(params, ctx) {
    invalidParamsIf(params.format !== undefined, 'params.format was removed; snapshots are always hierarchy_xml');
    let xml: string;
    try {
      xml = ctx.ui.dumpXml();
    } catch (error) {
      throw new StepError('SNAPSHOT_EXTRACTION_FAILED', `no window to read: ${String(error)}`, { retryable: true });
    }
    ctx.out.hierarchy(ctx.commandId, ctx.actionId, xml);
    const overlay = ctx.ui.blocksInteraction();
    return {
      actual_format: 'hierarchy_xml',
      has_overlay: String(overlay),
      overlay_package: overlay ? 'com.android.systemui' : '',
      window_count: String(overlay ? 2 : 1),
      operator_overlay_visible: String(ctx.state.panel.visible()),
    };
  },
};

export const takeScreenshot: ActionHandler = {
  service: 'none',
  interacts: false,
  retry: 'None',
  async run(params) {
    const path = params.path;
    invalidParamsIf(
      path !== undefined && (typeof path !== 'string' || path.trim() === ''),
      'params.path must be non-blank',
    );
    // The operator cannot capture the screen itself; the host runs `exec-out screencap -p` and normalizes this step.
    throw new StepError('UNSUPPORTED_RUNTIME_SCREENSHOT', 'screenshots are captured by the host (screencap -p)', {
      data: typeof path === 'string' ? { path } : {},
    });
  },
};
