// svc-sim: a simulated Android device that the real adb binary drives over the adb wire protocol.
// startDevice = device model + virtual apps + operator app (unless operator: false) + the adb wire around them.
import { createDevice } from './device/device.ts';
import { installPublishedOperator } from './operator/operator-app.ts';
import { runShellCommandLine } from './shell/run.ts';
import { type SimDevice, type SimDeviceOptions, startSimDevice } from './sim-device.ts';
import { installVirtualApps } from './ui/install-apps.ts';
import type { VirtualUi } from './ui/virtual-ui.ts';

export type { AppAnr, AppCrash } from './device/crash-reports.ts';
export { reportAppAnr, reportAppCrash } from './device/crash-reports.ts';
export type { PostedNotification } from './device/notifications.ts';
export { MESSAGING_PACKAGE, receiveSms } from './device/sms.ts';
export type { TimingProfile } from './device/timing.ts';
export { TIMING_PROFILES } from './device/timing.ts';
export type { DeviceApi, DeviceState, ShellIO } from './device/types.ts';
export type { FaultControl, FaultName, FaultValue } from './faults.ts';
export { FAULT_NAMES } from './faults.ts';
export type { SimDevice, SimDeviceOptions } from './sim-device.ts';
export type { Display } from './ui/display.ts';

/**
 * Android 7 (API 24) brought adb's shell protocol v2 (exit statuses, stderr apart), `cmd` and toybox's `killall`; an
 * older phone has none of them: adb falls back to the raw `shell:` service. Android 6 (API 23) brought toybox and its
 * `pidof` and `nohup`: Android 5's toolbox has none of them (AOSP system/core shell_and_utilities/README.md).
 */
function levelDefaults(options: SimDeviceOptions): SimDeviceOptions {
  const level = options.apiLevel ?? 35;
  if (level >= 24) return options;
  const missing = level >= 23 ? ['cmd', 'killall'] : ['cmd', 'killall', 'pidof', 'nohup'];
  return {
    ...options,
    features: options.features ?? [],
    missingCommands: [...new Set([...(options.missingCommands ?? []), ...missing])],
  };
}

function installOperatorVariant(device: ReturnType<typeof createDevice>, options: SimDeviceOptions) {
  const requested = options.operator;
  if (requested === false) return undefined;
  const { variant = 'svc', ...rest } = requested ?? {};
  return installPublishedOperator(device, {
    variant,
    ...(options.brand !== undefined ? { brandWord: options.brand } : {}),
    ...(rest.package !== undefined ? { package: rest.package } : {}),
    ...(rest.versionName !== undefined ? { versionName: rest.versionName } : {}),
    ...(rest.versionCode !== undefined ? { versionCode: rest.versionCode } : {}),
    ...(rest.accessibility !== undefined ? { accessibility: rest.accessibility } : {}),
  });
}

export async function startDevice(requested: SimDeviceOptions = {}): Promise<SimDevice> {
  const options = levelDefaults(requested);
  const device = createDevice({
    ...(options.model ? { model: options.model } : {}),
    ...(options.apiLevel ? { apiLevel: options.apiLevel } : {}),
    ...(options.booted === false ? { booted: false } : {}),
    ...(options.timing ? { timing: options.timing } : {}),
    ...(options.missingCommands ? { missingCommands: options.missingCommands } : {}),
  });
  const ui = installVirtualApps(device, {
    ...(options.appsDir ? { appsDir: options.appsDir } : {}),
    ...(options.webPages ? { webPages: true } : {}),
  });
  if (options.display) ui.changeConfiguration(options.display);
  const operator = installOperatorVariant(device, options);
  const sim = await startSimDevice(device, runShellCommandLine, options);
  operator?.attach({ faults: sim.faults, disconnect: () => sim.disconnect() });
  if (ui.web) {
    // The device's browser ends with it, whichever way it stops (stop(), `emu kill`).
    const web = ui.web;
    const stop = sim.stop;
    sim.stop = async () => {
      await stop();
      await web.close();
    };
    void sim.stopped.then(() => web.close());
  }
  return sim;
}

/**
 * A hybrid app (webPages) brought to the front with its WebView showing `url`, as the app itself would choose the
 * page it loads.
 */
export function openPageInApp(sim: SimDevice, pkg: string, url: string): void {
  const ui = sim.device.ui as unknown as VirtualUi;
  ui.launch(pkg);
  ui.foregroundState().vars.set('url', url);
}
