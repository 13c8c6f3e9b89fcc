// take_screenshot: the host captures a PNG through adb (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { defineAction } from './define.ts';

export const takeScreenshot = defineAction({
  type: 'take_screenshot',
  aliases: ['screenshot', 'capture_screenshot'],
  params: { fields: { path: str('nonBlank'), retry } },
  retry: 'None',
  nature: 'read',
  changesScreen: false,
});
