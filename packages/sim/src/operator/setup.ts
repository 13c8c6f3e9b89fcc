// One call for startDevice: the virtual apps, the operator app(s), and the hooks into the wire's faults and
// transport drop. Returns what tests and the control API may want to reach (the UI, the operator handles).
import type { DeviceApi } from '../device/types.ts';
import type { FaultControl } from '../faults.ts';
import { installVirtualApps } from '../ui/install-apps.ts';
import type { VirtualUi } from '../ui/virtual-ui.ts';
import { installOperator, type OperatorHandle, type OperatorOptions } from './install.ts';

export interface UiSetupOptions {
  appsDir?: string;
  brand?: string;
  /** false = no operator app; otherwise one (or several, e.g. release and `.dev`) operator installs. */
  operator?: false | OperatorOptions | OperatorOptions[];
}

export interface UiSetup {
  ui: VirtualUi;
  operators: OperatorHandle[];
  /** Wire hooks: SimDevice.faults and SimDevice.disconnect(). */
  attach(hooks: { faults?: FaultControl; disconnect?: () => void }): void;
}

export function setUpUi(device: DeviceApi, options: UiSetupOptions = {}): UiSetup {
  const ui = installVirtualApps(device, options.appsDir ? { appsDir: options.appsDir } : {});
  const list = options.operator === false ? [] : [options.operator ?? {}].flat();
  const operators = list.map((o) =>
    installOperator(device, { ...(options.brand ? { brand: options.brand } : {}), ...o }),
  );
  return {
    ui,
    operators,
    attach(hooks) {
      for (const op of operators) op.attach(hooks);
    },
  };
}
