// The operator's components on the device and the grant commands: those of the published host CLI
// (apps/node/src/domain/device/grantPermissions.ts:59-156 @ v0.5.2), with the components of the package's variant
// (contracts/operator-variants.ts).
import { accessibilityComponents, listenerComponent, serviceEnabled } from '../contracts/operator-components.ts';

export { KNOWN_OPERATOR_PACKAGES } from '../contracts/operator-variants.ts';
export { accessibilityComponents, serviceEnabled };

export interface GrantStep {
  name: string;
  words: string[];
  /** Output that means "nothing to do" rather than a failure (CLI:Grant:98-124). */
  skipWhen?: RegExp;
}

/** A `:` list with `component` appended (shared with other apps' entries: never written over), `null` read as empty. */
export function appendToList(current: string, components: readonly string[]): string {
  const items = current
    .trim()
    .split(':')
    .filter((item) => item !== '' && item !== 'null');
  return [...items, ...components.filter((c) => !items.includes(c))].join(':');
}

/**
 * The grant, from the current `enabled_accessibility_services` and `enabled_notification_listeners`: nothing for a
 * list that already holds the component; else `accessibility_enabled 1` first, then the list with the component
 * appended; notification posting (Android 13+; older releases call it unknown, which is fine); the listener.
 */
export function grantSteps(pkg: string, current: { services?: string; listeners?: string } = {}): GrantStep[] {
  const steps: GrantStep[] = [];
  const services = current.services ?? '';
  if (!serviceEnabled(services, pkg)) {
    steps.push({ name: 'accessibility_enabled', words: ['settings', 'put', 'secure', 'accessibility_enabled', '1'] });
    steps.push({
      name: 'accessibility',
      words: [
        'settings',
        'put',
        'secure',
        'enabled_accessibility_services',
        appendToList(services, grantedServices(pkg)),
      ],
    });
  }
  steps.push({
    name: 'post_notifications',
    words: ['pm', 'grant', pkg, 'android.permission.POST_NOTIFICATIONS'],
    skipWhen: /unknown permission|not a changeable permission type|already granted/i,
  });
  const listeners = current.listeners ?? '';
  const listener = listenerComponent(pkg);
  if (!listeners.trim().split(':').includes(listener)) {
    steps.push({
      name: 'notification_listener',
      words: ['settings', 'put', 'secure', 'enabled_notification_listeners', appendToList(listeners, [listener])],
    });
  }
  return steps;
}

/** The components written on a grant: the variant's; svc's former one too while older simulators are around. */
function grantedServices(pkg: string): string[] {
  return accessibilityComponents(pkg);
}

/** `pm list packages` output → package ids (exact `package:<id>` lines). */
export function parsePackageList(stdout: string): string[] {
  return stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('package:'))
    .map((line) => line.slice('package:'.length).split(' ')[0] as string)
    .filter((id) => id.length > 0);
}
