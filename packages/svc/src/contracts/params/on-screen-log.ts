// set_on_screen_log and clear_on_screen_log: strict params, DECISIONS 7 ranges, colors echoed uppercase.
import { color, int, oneOf } from '../fields.ts';
import { ON_SCREEN_LOG } from '../limits.ts';
import type { ParamsSpec } from './spec.ts';

const r = ON_SCREEN_LOG.ranges;

export const setOnScreenLog: ParamsSpec = {
  fields: {
    // Whitespace and newlines are preserved: only the length is checked.
    text: { kind: 'string', blank: 'nonEmpty', minLength: r.text.min, maxLength: r.text.max },
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
};

export const clearOnScreenLog: ParamsSpec = { fields: {} };
