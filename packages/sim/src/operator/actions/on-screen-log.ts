// set_on_screen_log / clear_on_screen_log: the operator's small overlay panel (needs the accessibility service as
// its window host; without it the step fails with ON_SCREEN_LOG_SERVICE_UNAVAILABLE).
import type { ActionHandler } from '../context.ts';
import { checkClearParams, parsePanelParams } from '../panel/panel-params.ts';

export const setOnScreenLog: ActionHandler = {
  service: 'panel',
  interacts: false,
  retry: 'None',
  retryParam: '_none',
  async run(params, ctx) {
    const spec = parsePanelParams(params);
    return ctx.state.panel.set(spec, ctx.sleep);
  },
};

export const clearOnScreenLog: ActionHandler = {
  service: 'panel',
  interacts: false,
  retry: 'None',
  retryParam: '_none',
  async run(params, ctx) {
    checkClearParams(params);
    ctx.state.panel.clear();
    return { visible: 'false' };
  },
};
