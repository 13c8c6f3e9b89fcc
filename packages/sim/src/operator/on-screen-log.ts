// The svc variant's on-screen log panel, which the app's later builds have (apps/android/shared/data/operator/src/main/
// kotlin/clawperator/operator/onscreenlog/OnScreenLogPanelController.kt at 120c1eb782bbed67e1cb1fbe7c2080fdb302ff5d:
// the spec validated before anything changes, a replaced panel, generation-scoped expiry armed once the generation
// drew, RENDER_TIMEOUT without a draw acknowledgement, LAYOUT_INVALID, RENDER_FAILED). The simulator's panel
// (panel/controller.ts, panel/panel-params.ts) already keeps those rules and svc's defaults (anchor right), so it
// serves the svc variant. A failure returns a failed step {error, message}.

import type { StepResult, UiActionOf } from './model.ts';
import { PanelController } from './panel/controller.ts';
import { StepError } from './panel/panel-error.ts';
import { checkClearParams, parsePanelParams } from './panel/panel-params.ts';
import type { UiContext } from './ui-scope.ts';

export class OnScreenLogHost {
  readonly panel: PanelController;

  constructor(panel: PanelController) {
    this.panel = panel;
  }

  async run(ctx: UiContext, action: UiActionOf<'OnScreenLog'>): Promise<StepResult> {
    const actionType = action.set ? 'set_on_screen_log' : 'clear_on_screen_log';
    try {
      let data: Record<string, string>;
      if (action.set) data = await this.panel.set(parsePanelParams({ ...action.params }), (ms) => ctx.job.delay(ms));
      else {
        checkClearParams({ ...action.params });
        this.panel.clear();
        data = { visible: 'false' };
      }
      return { id: action.id, actionType, success: true, data };
    } catch (e) {
      if (!(e instanceof StepError)) throw e;
      return { id: action.id, actionType, success: false, data: { ...e.data, error: e.code, message: e.message } };
    }
  }
}

export { PanelController };
