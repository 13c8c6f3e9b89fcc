// Operator identity (OPERATOR-PROTOCOL §1) and the grant commands of SPEC 4.4.
import { OPERATOR_PACKAGES } from '../contracts/dispatch.ts';
import { accessibilityComponent, listenerComponent } from '../contracts/operator-components.ts';

export const KNOWN_OPERATOR_PACKAGES: readonly string[] = [OPERATOR_PACKAGES.release, OPERATOR_PACKAGES.debug];

export interface GrantStep {
  name: string;
  words: string[];
}

/**
 * `enabled_accessibility_services` is a `:`-separated list shared with every other accessibility service (TalkBack,
 * password managers): the operator's component is appended to what `settings get` printed, never written over it.
 */
export function withAccessibilityComponent(current: string, pkg: string): string {
  const services = current
    .trim()
    .split(':')
    .filter((service) => service !== '' && service !== 'null');
  const component = accessibilityComponent(pkg);
  return services.includes(component) ? services.join(':') : [...services, component].join(':');
}

export function grantSteps(pkg: string, currentServices = ''): GrantStep[] {
  return [
    {
      name: 'accessibility',
      words: [
        'settings',
        'put',
        'secure',
        'enabled_accessibility_services',
        withAccessibilityComponent(currentServices, pkg),
      ],
    },
    { name: 'accessibility_enabled', words: ['settings', 'put', 'secure', 'accessibility_enabled', '1'] },
    { name: 'post_notifications', words: ['pm', 'grant', pkg, 'android.permission.POST_NOTIFICATIONS'] },
    { name: 'notification_listener', words: ['cmd', 'notification', 'allow_listener', listenerComponent(pkg)] },
  ];
}

/** `pm list packages` output → package ids (exact `package:<id>` lines). */
export function parsePackageList(stdout: string): string[] {
  return stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('package:'))
    .map((line) => line.slice('package:'.length))
    .filter((id) => id.length > 0);
}
