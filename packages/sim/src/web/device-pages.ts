// The device's pages as the shell and adbd reach them: the VirtualUi that holds the web engine (a device without
// real pages has none, and then nothing here does anything).
import type { DeviceApi } from '../device/types.ts';
import type { VirtualUi } from '../ui/virtual-ui.ts';
import type { WebEngine } from './web-engine.ts';

type PagesHost = Pick<VirtualUi, 'syncPages' | 'runningPackages'> & { web: WebEngine };

export function pagesHost(device: DeviceApi): PagesHost | undefined {
  const ui = device.ui as Partial<VirtualUi> | undefined;
  return ui?.web && typeof ui.syncPages === 'function' ? (ui as PagesHost) : undefined;
}

/**
 * Brings the shown pages up to date before the screen is read (`pixels` for a screenshot). A browser that cannot
 * start leaves the WebViews without pages: the dump still answers, as a phone's does while a page loads.
 */
export async function syncPages(device: DeviceApi, options: { pixels?: boolean } = {}): Promise<void> {
  await pagesHost(device)
    ?.syncPages(options)
    .catch(() => {});
}

/** Waits until the pages handled what the last input gave them (a click's navigation, typed text). */
export async function settlePages(device: DeviceApi): Promise<void> {
  await pagesHost(device)
    ?.web.settled()
    .catch(() => {});
}
