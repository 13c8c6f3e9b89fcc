// Clicking a found node the way click, scroll_until and scroll_and_click all do.
import type { UiNode } from '../../ui/ui-node.ts';
import { clickableSelfOrAncestor } from '../../ui/virtual-ui.ts';
import type { ActionContext } from '../context.ts';
import type { ClickType } from '../params.ts';
import { StepError } from '../step-error.ts';

export function performClick(ctx: ActionContext, node: UiNode, type: ClickType): void {
  if (type === 'focus') {
    if (!node.focusable) throw new StepError('NODE_NOT_CLICKABLE', 'node is not focusable');
    ctx.ui.focus(node);
    return;
  }
  const want = type === 'long_click' ? (n: UiNode) => n.longClickable || n.clickable : undefined;
  if (!clickableSelfOrAncestor(node, want)) {
    throw new StepError('NODE_NOT_CLICKABLE', 'neither the node nor an ancestor is clickable');
  }
  if (type === 'long_click') ctx.ui.longClick(node);
  else ctx.ui.click(node);
}
