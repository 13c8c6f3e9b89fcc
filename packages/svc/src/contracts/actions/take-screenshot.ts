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
  example: { path: '/tmp/x.png' },
  cli: [
    {
      verb: 'screenshot',
      id: 'shot',
      observe: true,
      description: '',
      examples: [],
      inputs: [
        {
          kind: 'flag',
          flag: '--path <file>',
          param: 'path',
          help: 'where to save the image (relative to the current directory)',
        },
        // Read by the command itself: the image is re-encoded after the run.
        {
          kind: 'option',
          flag: '--max-size <px>',
          help: 'scale down so the longer side is at most this many pixels',
        },
        { kind: 'option', flag: '--quality <1-100>', help: 'JPEG quality (with --format jpeg; default 80)' },
      ],
    },
  ],
});
