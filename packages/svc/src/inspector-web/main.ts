// The inspector page: wires the views to the store and picks the device. The device comes from `?device=` (what
// `svc inspect --device` opens), else the server's default (the only device, or ANDROID_SERIAL).

import { mountActs } from './acts.ts';
import { get } from './api.ts';
import { mountCopyView } from './copy-view.ts';
import { mountDetailsView } from './details-view.ts';
import { byId, el } from './dom.ts';
import { mountLogView } from './log-view.ts';
import { autoRefreshOn, refresh } from './refresh.ts';
import { mountScreenView } from './screen-view.ts';
import { mountSelectorView } from './selector-view.ts';
import { mountShortcuts, SHORTCUTS } from './shortcuts.ts';
import { store } from './store.ts';
import { mountTreeView } from './tree-view.ts';

const devicePicker = byId<HTMLSelectElement>('device');
const driverPicker = byId<HTMLSelectElement>('driver');

async function loadDevices(): Promise<void> {
  const answer = await get<{ devices: { serial: string; state: string }[] }>('/devices');
  const wanted = store.target.deviceId;
  const serials = answer.ok ? answer.devices.filter((d) => d.state === 'device').map((d) => d.serial) : [];
  if (wanted !== undefined && !serials.includes(wanted)) serials.unshift(wanted);
  devicePicker.replaceChildren(
    el('option', { text: 'default device', attrs: { value: '' } }),
    ...serials.map((serial) => el('option', { text: serial, attrs: { value: serial } })),
  );
  devicePicker.value = wanted ?? '';
}

function start(): void {
  const params = new URLSearchParams(location.search);
  const device = params.get('device');
  store.target = { ...(device ? { deviceId: device } : {}), driver: params.get('driver') ?? 'auto' };
  driverPicker.value = store.target.driver ?? 'auto';
  mountScreenView();
  mountTreeView();
  mountDetailsView();
  mountSelectorView();
  mountActs();
  mountCopyView();
  mountShortcuts();
  mountLogView(() => {
    if (autoRefreshOn()) void refresh();
  });
  byId('keys-list').replaceChildren(
    ...SHORTCUTS.map(([keys, what]) => el('li', {}, el('kbd', { text: keys }), ` ${what}`)),
  );
  byId('refresh').addEventListener('click', () => void refresh());
  byId('keys-open').addEventListener('click', () => byId<HTMLDialogElement>('keys').showModal());
  devicePicker.addEventListener('change', () => {
    store.target = { ...store.target, ...(devicePicker.value ? { deviceId: devicePicker.value } : {}) };
    if (!devicePicker.value) delete store.target.deviceId;
    byId('packages').replaceChildren();
    void refresh();
  });
  driverPicker.addEventListener('change', () => {
    store.target = { ...store.target, driver: driverPicker.value };
    void refresh();
  });
  void loadDevices();
  void refresh();
}

start();
