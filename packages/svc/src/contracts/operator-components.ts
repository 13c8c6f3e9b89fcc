// The Android components of an operator app: what the device lists when its accessibility service and notification
// listener are enabled, per variant (operator-variants.ts). Read by the driver choice (can the operator answer?) and
// by operator setup (grant them).
import { accessibilityComponent, listenerComponent, SVC_VARIANT } from './operator-variants.ts';

export { accessibilityComponent, listenerComponent };

/**
 * The component names svc's simulated operator used before it took the published app's: still recognised as the
 * operator's accessibility service while simulators of that kind are around.
 */
const FORMER_SVC_SERVICE = 'svc.operator.OperatorAccessibilityService';

/** Every accessibility component that counts as the package's operator service (the first is the one to grant). */
export function accessibilityComponents(pkg: string): string[] {
  const known = pkg === SVC_VARIANT.packages.release || pkg === SVC_VARIANT.packages.debug;
  return known ? [accessibilityComponent(pkg), `${pkg}/${FORMER_SVC_SERVICE}`] : [accessibilityComponent(pkg)];
}

/** Whether a `:`-separated `enabled_accessibility_services` value holds the package's operator service. */
export function serviceEnabled(enabled: string, pkg: string): boolean {
  const services = enabled.trim().split(':');
  return accessibilityComponents(pkg).some((component) => services.includes(component));
}
