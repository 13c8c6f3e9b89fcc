// `wm size` / `wm density`: the physical display (overrides set with `wm size WxH` / `wm density N` are reported as
// `Override ...` lines, as Android does, and `reset` drops them). An override is a configuration change: the UI host
// re-lays out at the new size or density, as apps and overlays do on a phone.
import type { DeviceApi, ShellCommand } from '../../device/types.ts';
import { naturalSizeOf, rotationOf } from './rotation.ts';

interface Metrics {
  width: number;
  height: number;
  density: number;
}

interface WmState {
  physical: Metrics;
  size?: string;
  density?: string;
}

const states = new WeakMap<DeviceApi, WmState>();

function stateOf(device: DeviceApi): WmState {
  const d = device.ui?.display ?? { width: 1080, height: 2400, density: 420 };
  let state = states.get(device);
  if (!state) {
    state = { physical: { width: d.width, height: d.height, density: d.density } };
    states.set(device, state);
  }
  // Without an override the display in use is the physical one (a capture shown by `svc-sim screen` brings the size
  // of the phone it was taken on).
  // The physical size is the natural orientation's: a quarter turn swaps the display in use, never `wm size`.
  if (state.size === undefined && state.density === undefined) {
    const natural = rotationOf(device) % 2 === 1 ? naturalSizeOf(device) : d;
    state.physical = { width: natural.width, height: natural.height, density: d.density };
  }
  return state;
}

function applyConfiguration(device: DeviceApi, state: WmState): void {
  const [width, height] = (state.size ?? '').split('x').map(Number);
  device.ui.changeConfiguration?.({
    width: width || state.physical.width,
    height: height || state.physical.height,
    density: Number(state.density ?? state.physical.density),
  });
}

export const wm: ShellCommand = async (argv, io, device) => {
  const [verb, value] = argv;
  const state = stateOf(device);
  const d = state.physical;
  if (verb === 'size') {
    if (value === 'reset') delete state.size;
    else if (value !== undefined) {
      if (!/^\d+x\d+$/.test(value)) {
        await io.writeStderr(`Error: bad size ${value}\n`);
        return 255;
      }
      state.size = value;
    } else {
      await io.writeStdout(`Physical size: ${d.width}x${d.height}\n`);
      if (state.size) await io.writeStdout(`Override size: ${state.size}\n`);
      return 0;
    }
    applyConfiguration(device, state);
    return 0;
  }
  if (verb === 'density') {
    if (value === 'reset') delete state.density;
    else if (value !== undefined) {
      if (!/^\d+$/.test(value)) {
        await io.writeStderr(`Error: bad number ${value}\n`);
        return 255;
      }
      state.density = value;
    } else {
      await io.writeStdout(`Physical density: ${d.density}\n`);
      if (state.density) await io.writeStdout(`Override density: ${state.density}\n`);
      return 0;
    }
    applyConfiguration(device, state);
    return 0;
  }
  if (verb === 'dismiss-keyguard') {
    device.ui.unlock();
    return 0;
  }
  await io.writeStderr(`Error: unknown command '${verb ?? ''}'\n`);
  return 255;
};
