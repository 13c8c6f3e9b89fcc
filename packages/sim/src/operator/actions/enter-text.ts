// enter_text: sets the text of a field (ACTION_SET_TEXT replaces it, which is why `clear` has no effect), then
// optionally presses enter.
import { inferRole } from '../../ui/roles.ts';
import { walk } from '../../ui/ui-node.ts';
import type { ActionHandler } from '../context.ts';
import { optBool, reqMatcher } from '../params.ts';
import { invalidParams, StepError } from '../step-error.ts';
import { findNode } from './find.ts';

export const enterText: ActionHandler = {
  service: 'ui',
  interacts: true,
  retry: 'UiReadiness',
  async run(params, ctx) {
    const matcher = reqMatcher(params, 'matcher');
    const text = params.text;
    if (typeof text !== 'string' || text === '') throw invalidParams('params.text must be a non-empty string');
    const submit = optBool(params, 'submit', false);
    optBool(params, 'clear', false);
    const node = findNode(ctx, matcher);
    const field = [...walk(node)].find((n) => inferRole(n) === 'textfield' && n.enabled);
    if (!field)
      throw new StepError('NODE_NOT_FOUND', 'the matched node holds no editable text field', { retryable: true });
    ctx.ui.setText(field, text);
    if (submit) ctx.ui.submit();
    return { text, submit: String(submit) };
  },
};
