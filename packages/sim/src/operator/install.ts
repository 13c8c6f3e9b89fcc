// Installs the simulated operator app: package manager entry, launcher screen, and the broadcast receiver for
// `app.<brand>.operator.ACTION_AGENT_COMMAND` that feeds the runtime.
// svc-sim's own package.json: its version is the operator's (the build inlines it, so an installed bundle has it too).
import simPackage from '../../package.json' with { type: 'json' };
import { appPid } from '../device/process-table.ts';
import type { DeviceApi } from '../device/types.ts';
import type { FaultControl } from '../faults.ts';
import { uidOf } from '../shell/commands/dumpsys-package.ts';
import { registerPackage } from '../ui/install-apps.ts';
import { VirtualUi } from '../ui/virtual-ui.ts';
import { OperatorOutput } from './emit.ts';
import { PanelController } from './panel/controller.ts';
import { OperatorRuntime } from './runtime.ts';

export interface OperatorOptions {
  /** `com.<brand>.operator` by default; `.dev` for the debug variant. */
  package?: string;
  /**
   * Default: svc-sim's own version. svc and svc-sim are released together with one version number (a test in svc
   * holds them equal), so the simulated operator is the one "released with" the svc of the same release, and svc's
   * compatibility check (same major.minor) passes; give another version to simulate an old or a newer operator.
   */
  versionName?: string;
  versionCode?: number;
  /** Brand word of the protocol ids (default `svc`). */
  brand?: string;
  /** Enable the accessibility service at install (as `svc grant-device-permissions` would). Default true. */
  accessibility?: boolean;
}

export interface OperatorHandle {
  readonly package: string;
  readonly runtime: OperatorRuntime;
  readonly action: string;
  readonly accessibilityComponent: string;
  /** Connects the run-time faults and the transport-drop hook of the wire (SimDevice.faults / disconnect()). */
  attach(hooks: { faults?: FaultControl; disconnect?: () => void }): void;
  /** Settles when every command received so far has written its envelope. */
  idle(): Promise<void>;
}

function virtualUi(device: DeviceApi): VirtualUi {
  if (!(device.ui instanceof VirtualUi))
    throw new Error('the operator needs the virtual UI (installVirtualApps first)');
  return device.ui;
}

export function installOperator(device: DeviceApi, options: OperatorOptions = {}): OperatorHandle {
  const brand = options.brand ?? 'svc';
  const pkg = options.package ?? `com.${brand}.operator`;
  const action = `app.${brand}.operator.ACTION_AGENT_COMMAND`;
  const ui = () => virtualUi(device);
  // The app's process and package uid, as `pidof` and `pm list packages -U` report them: the host trusts the
  // operator's log lines by that uid.
  const out = new OperatorOutput(device, appPid(pkg), brand, () => {
    const entry = device.packages.get(pkg);
    return entry === undefined ? 0 : uidOf(entry);
  });
  const apiLevel = () => Number(device.props.get('ro.build.version.sdk') ?? 35);
  const panel = new PanelController(ui, apiLevel, () => out.faults);
  const runtime = new OperatorRuntime({
    device,
    ui,
    operatorPackage: pkg,
    brand,
    out,
    state: { recordingSession: undefined, panel },
  });
  const app = {
    package: pkg,
    label: 'Operator',
    launchable: true,
    start: 'main',
    versionName: options.versionName ?? simPackage.version,
    screens: { main: { root: { children: [{ class: 'TextView', id: 'status', text: 'Operator ready' }] } } },
  };
  ui().install(app);
  registerPackage(device, app, true);
  const entry = device.packages.get(pkg)!;
  entry.versionCode = options.versionCode ?? 1;
  entry.launcherActivity = `${pkg}/${brand}.operator.MainActivity`;
  if (options.accessibility !== false) {
    const key = 'enabled_accessibility_services';
    const current = (device.settings.secure.get(key) ?? '').split(':').filter(Boolean);
    if (!current.includes(runtime.accessibilityComponent())) current.push(runtime.accessibilityComponent());
    device.settings.secure.set(key, current.join(':'));
    device.settings.secure.set('accessibility_enabled', '1');
  }
  device.registerReceiver(pkg, action, (intent) => {
    const payload = intent.extras.payload;
    if (typeof payload !== 'string') {
      out.line('broadcast without a string extra "payload" ignored', 'W');
      return;
    }
    runtime.receive(payload);
  });
  return {
    package: pkg,
    runtime,
    action,
    accessibilityComponent: runtime.accessibilityComponent(),
    attach(hooks) {
      if (hooks.faults) out.faults = hooks.faults;
      if (hooks.disconnect) runtime.onDisconnectRequest = hooks.disconnect;
    },
    idle: () => runtime.idle(),
  };
}
