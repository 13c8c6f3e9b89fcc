// clear_on_screen_log: no params (omitted or exactly `{}`); succeeds when no panel shows.
import { defineAction } from './define.ts';

export const clearOnScreenLog = defineAction({
  type: 'clear_on_screen_log',
  exactAliases: ['on_screen_log_clear'],
  strictParams: true,
  params: { fields: {} },
  retry: 'None',
  nature: 'act',
  changesScreen: false,
});
