// set_on_screen_log: strict params, DECISIONS 7 ranges, colors echoed uppercase.
import { color, int, oneOf, str } from '../fields.ts';
import { ON_SCREEN_LOG } from '../limits.ts';
import { type CliInput, defineAction } from './define.ts';

/** A numeric panel flag: its token follows the numeric rule, a blank one included (it says what is wrong). */
const panelNumber = <P extends string>(flag: string, param: P, help: string): CliInput<P>[] => [
  { kind: 'flag', flag, param, help, integer: true, allowBlank: true },
];

const r = ON_SCREEN_LOG.ranges;

export const setOnScreenLog = defineAction({
  type: 'set_on_screen_log',
  exactAliases: ['on_screen_log_set'],
  strictParams: true,
  params: {
    fields: {
      // Whitespace and newlines are preserved: only the length is checked.
      text: str('nonEmpty', r.text.max, r.text.min),
      anchor: oneOf(ON_SCREEN_LOG.anchors),
      textAlign: oneOf(ON_SCREEN_LOG.textAligns),
      topOffsetDp: int(r.topOffsetDp),
      edgeOffsetDp: int(r.edgeOffsetDp),
      widthDp: int(r.widthDp),
      fontSizeSp: int(r.fontSizeSp),
      textColor: color,
      backgroundColor: color,
      ttlMs: int(r.ttlMs),
    },
    required: ['text'],
  },
  retry: 'None',
  nature: 'act',
  changesScreen: false,
  example: { text: 'two\nlines', anchor: 'left', widthDp: 1200, textColor: '#FF00AA11', ttlMs: 0 },
  cli: [
    {
      verb: 'set',
      group: 'on-screen-log',
      id: 'on-screen-log',
      description: 'show text in the panel (replaces the previous panel)',
      examples: [
        'svc on-screen-log set --text "step 3 of 5: opening settings"',
        'svc on-screen-log set --text "left" --anchor left --top-offset-dp 0 --ttl-ms 0',
      ],
      inputs: [
        { kind: 'flag', flag: '--text <text>', param: 'text', help: 'text to show (newlines kept)', allowBlank: true },
        { kind: 'flag', flag: '--anchor <side>', param: 'anchor', help: 'left or right (default right)' },
        { kind: 'flag', flag: '--text-align <side>', param: 'textAlign', help: 'left (default) or right' },
        ...panelNumber('--top-offset-dp <n>', 'topOffsetDp', 'distance from the usable top (default 48)'),
        ...panelNumber('--edge-offset-dp <n>', 'edgeOffsetDp', 'distance from the anchored side (default 8)'),
        ...panelNumber('--width-dp <n>', 'widthDp', 'panel width incl. 8 dp padding (default 240)'),
        ...panelNumber('--font-size-sp <n>', 'fontSizeSp', 'font size (default 12)'),
        { kind: 'flag', flag: '--text-color <#AARRGGBB>', param: 'textColor', help: 'default #FFFFFFFF' },
        { kind: 'flag', flag: '--background-color <#AARRGGBB>', param: 'backgroundColor', help: 'default #B3000000' },
        ...panelNumber('--ttl-ms <ms>', 'ttlMs', 'remove after this long; 0 keeps it (default 10000)'),
      ],
    },
  ],
  mcp: {
    name: 'on-screen-log-set',
    id: 'on-screen-log',
    description: 'Show `text` on the phone for ttlMs (default 10000; 0: until cleared). Operator app only.',
    arguments: {
      text: { param: 'text' },
      ...Object.fromEntries(
        [
          'anchor',
          'textAlign',
          'textColor',
          'backgroundColor',
          'topOffsetDp',
          'edgeOffsetDp',
          'widthDp',
          'fontSizeSp',
          'ttlMs',
        ].map((key) => [key, { param: key }]),
      ),
    },
    required: ['text'],
  },
});
