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
  example: {},
  cli: [
    {
      verb: 'clear',
      group: 'on-screen-log',
      id: 'on-screen-log',
      description: 'remove the panel',
      examples: ['svc on-screen-log clear'],
      inputs: [],
    },
  ],
  mcp: {
    name: 'on-screen-log-clear',
    id: 'on-screen-log',
    description: 'Remove the on-screen log panel.',
    arguments: {},
  },
});
