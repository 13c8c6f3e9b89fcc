// The CNXN banner: `device::ro.product.name=…;ro.product.model=…;ro.product.device=…;features=…`.
// Each feature changes what adb sends; every one listed here is implemented by a service of this folder:
// shell_v2 (shell,v2 framing), cmd (streamed install over exec:cmd), stat_v2 (STA2/LST2), ls_v2 (LIS2/DNT2),
// fixed_push_mkdir (SEND creates parents), abb_exec (abb_exec:package install). `apex` is left out on purpose:
// it only enables installing .apex files, which the simulated package manager does not model.
import type { DeviceApi, DeviceState } from '../device/types.ts';

export const DEVICE_FEATURES = ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'fixed_push_mkdir', 'abb_exec'] as const;

/** `state` is the banner's first word: `device`, or a boot mode (`recovery::…`, adb.cpp parse_banner). */
export function deviceBanner(device: DeviceApi, features: readonly string[], state: DeviceState = 'device'): string {
  const prop = (key: string, fallback: string) => device.props.get(key) ?? fallback;
  return (
    `${state}::ro.product.name=${prop('ro.product.name', 'svc_sim')};` +
    `ro.product.model=${prop('ro.product.model', 'svc_sim')};` +
    `ro.product.device=${prop('ro.product.device', 'svc_sim')};` +
    `features=${features.join(',')}`
  );
}
