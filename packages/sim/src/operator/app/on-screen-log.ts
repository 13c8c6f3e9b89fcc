// The svc variant's on-screen log panel. The app's later builds have it (OnScreenLogPanelController.kt; data as
// svc's specification lists it); their runtime code is not readable here, so the panel keeps the simulator's own
// behaviour (panel/controller.ts, panel/panel-params.ts). A failure returns a failed step {error, message}.
import { PanelController } from '../panel/controller.ts';
import { checkClearParams, parsePanelParams } from '../panel/panel-params.ts';
import { StepError } from '../step-error.ts';
import type { EngineContext } from './engine.ts';
import type { StepResult, UiActionOf } from './model.ts';

export class OnScreenLogHost {
  readonly panel: PanelController;

  constructor(panel: PanelController) {
    this.panel = panel;
  }

  async run(ctx: EngineContext, action: UiActionOf<'OnScreenLog'>): Promise<StepResult> {
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
