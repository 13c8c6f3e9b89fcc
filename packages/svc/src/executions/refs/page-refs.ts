// A ref to a page's element cannot go to the operator app: the element was read over DevTools, and the app would
// look for a selector made from it among the WebView's accessibility nodes, which may hold another element or none.
// So with the operator driver forced, such a ref is refused before anything runs (with `auto` the execution runs on
// the adb driver instead: executions/page-route.ts). A WebView that is not debuggable shows the app's own
// accessibility nodes, and refs to those go to the app as any other.
import { matcherKeysOf } from '../../contracts/action-rules.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { NodeMatcher, ValidExecution } from '../../contracts/types.ts';
import type { SvcContext } from '../../core/context.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import type { UiNode } from '../../ui/index.ts';
import { servesPagesInFront } from '../../web-pages/web-source.ts';
import { paramsOf, type RefFinder } from './resolve-refs.ts';

function inWebView(node: UiNode): boolean {
  for (let n = node.parent; n !== undefined; n = n.parent) if (n.cls === 'android.webkit.WebView') return true;
  return false;
}

export async function refusePageRefs(
  ctx: SvcContext,
  serial: string,
  execution: ValidExecution,
  finder: RefFinder,
): Promise<void> {
  for (const [index, action] of execution.actions.entries()) {
    for (const key of matcherKeysOf(action.type)) {
      const ref = (paramsOf(action)[key] as NodeMatcher | undefined)?.ref;
      if (ref === undefined) continue;
      const path = `actions[${index}].params.${key}.ref`;
      if (!inWebView(finder.node(ref, path))) continue;
      if (!(await servesPagesInFront(new DeviceShell(ctx, serial)).catch(() => true))) continue;
      throw new SvcError(
        'EXECUTION_ACTION_UNSUPPORTED',
        `${ref} is an element of the page in front, which the operator app cannot act on; the adb driver acts on pages through DevTools`,
        { path, ref, driver: 'operator' },
        'Run it with --driver auto (the default) or --driver adb.',
      );
    }
  }
}
