// read_text and read_key_value_pair. The operator's own panel is not an accessibility node, so it is never read.
import { labelOf } from '../../ui/match.ts';
import { type UiNode, walk } from '../../ui/ui-node.ts';
import type { ActionHandler } from '../context.ts';
import { optBool, optMatcher, optString, reqMatcher } from '../params.ts';
import { StepError } from '../step-error.ts';
import { findNode, findNodes } from './find.ts';
import { compileValidator } from './validators.ts';

export const readText: ActionHandler = {
  service: 'ui',
  interacts: false,
  retry: 'UiReadiness',
  async run(params, ctx) {
    const matcher = reqMatcher(params, 'matcher');
    const wantAll = optBool(params, 'all', false);
    const container = optMatcher(params, 'container');
    const validatorName = optString(params, 'validator');
    const validate = compileValidator(validatorName, optString(params, 'validatorPattern'));
    const scope = container ? findNode(ctx, container) : undefined;
    const nodes = wantAll ? findNodes(ctx, matcher, scope) : [findNode(ctx, matcher, scope)];
    const texts = nodes.map(labelOf);
    const bad = validate ? texts.find((t) => !validate(t)) : undefined;
    if (bad !== undefined) {
      throw new StepError('VALIDATION_FAILED', `text "${bad}" does not pass validator ${validatorName}`, {
        retryable: true,
      });
    }
    const validator = validate ? validatorName! : 'none';
    if (!wantAll) return { text: texts[0]!, validator };
    return { text: texts.join('\n'), texts: JSON.stringify(texts), count: String(texts.length), validator };
  },
};

/** The value beside a label: the next sibling with text, else the next text node after it in document order. */
export function valueBeside(label: UiNode, root: UiNode): UiNode | undefined {
  const siblings = label.parent?.children ?? [];
  const after = siblings.slice(siblings.indexOf(label) + 1);
  for (const sibling of after) for (const n of walk(sibling)) if (n.text) return n;
  const order = [...walk(root)];
  const inside = new Set(walk(label));
  return order.slice(order.indexOf(label) + 1).find((n) => n.text && !inside.has(n));
}

export const readKeyValuePair: ActionHandler = {
  service: 'ui',
  interacts: false,
  retry: 'UiReadiness',
  async run(params, ctx) {
    const matcher = reqMatcher(params, 'labelMatcher');
    const wantAll = optBool(params, 'all', false);
    const root = ctx.ui.tree();
    const labels = wantAll ? findNodes(ctx, matcher, root) : [findNode(ctx, matcher, root)];
    const pairs = labels.map((l) => ({ label: labelOf(l), value: valueBeside(l, root)?.text }));
    const missing = pairs.find((p) => p.value === undefined);
    if (missing) throw new StepError('NODE_NOT_FOUND', `no value next to "${missing.label}"`, { retryable: true });
    if (!wantAll) return { label: pairs[0]!.label, value: pairs[0]!.value! };
    return { pairs: JSON.stringify(pairs), count: String(pairs.length) };
  },
};
