// set_on_screen_log: strict params, DECISIONS 7 ranges, colors echoed uppercase.
import { color, int, oneOf, str } from '../fields.ts';
import { ON_SCREEN_LOG } from '../limits.ts';
import { defineAction } from './define.ts';

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
});
