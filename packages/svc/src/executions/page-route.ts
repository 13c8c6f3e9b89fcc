// Which driver `auto` hands an execution to, once it found an operator app that answers. An action that operator
// cannot run (an svc extension the published app lacks: drag, double_tap, long_press, swipe) goes to the adb driver,
// which runs it on any phone, as it would without the app; `--driver operator` keeps refusing it.
// Which driver acts on a page. The operator app matches and acts on accessibility nodes; a page's own elements
// (read over DevTools, as every screen shows them) are acted on by the host's web action runner, which the adb
// driver runs. So with `--driver auto`, an execution the operator would run goes to the adb driver when it names an
// element (a selector, a ref, CSS) and a page is what it acts on: a CSS selector, a debuggable page of the app in
// front, or a web address it opens. The result names the driver that ran it. Anything else stays on the operator.
import { matcherKeysOf } from '../contracts/action-rules.ts';
import type { ValidExecution } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import { DeviceShell } from '../device-shell/device-shell.ts';
import { cssSelectorsOf, servesPagesInFront } from '../web-pages/web-source.ts';
import type { ChosenDriver } from './choose-driver.ts';
import { refuseUnsupported } from './driver-table.ts';
import { DRIVERS } from './drivers/index.ts';

const namesElement = (execution: ValidExecution) =>
  execution.actions.some((action) =>
    matcherKeysOf(action.type).some(
      (key) => (action.params as Record<string, unknown> | undefined)?.[key] !== undefined,
    ),
  );

const opensWebAddress = (execution: ValidExecution) =>
  execution.actions.some((action) => action.type === 'open_uri' && /^https?:/i.test(action.params.uri));

async function actsOnPage(ctx: SvcContext, serial: string, execution: ValidExecution): Promise<boolean> {
  if (cssSelectorsOf(execution.actions).length > 0) return true;
  if (!namesElement(execution)) return false;
  if (opensWebAddress(execution)) return true;
  return servesPagesInFront(new DeviceShell(ctx, serial)).catch(() => false);
}

/**
 * The driver `auto` chose, or the adb driver (when it can run all of it) for an execution the operator app cannot
 * run whole or that acts on a page.
 */
export async function routeForAuto(
  ctx: SvcContext,
  serial: string,
  chosen: ChosenDriver,
  execution: ValidExecution,
): Promise<ChosenDriver> {
  if (chosen.driver.name !== 'operator') return chosen;
  if (refuseUnsupported('adb', DRIVERS.adb.actions(chosen.operatorPackage), execution) !== undefined) return chosen;
  const operatorRuns = refuseUnsupported('operator', chosen.driver.actions(chosen.operatorPackage), execution);
  if (operatorRuns === undefined && !(await actsOnPage(ctx, serial, execution))) return chosen;
  return { driver: DRIVERS.adb, operatorPackage: chosen.operatorPackage };
}
