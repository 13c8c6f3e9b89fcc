// One extra simulated device for the length of one test: added to the suite's lab, and removed again however the
// test ends, so the next test sees the lab as the suite set it up.
import type { SimDevice, SimDeviceOptions } from 'svc-sim';
import type { Lab } from 'svc-sim/testing';

export async function withDevice<T>(
  lab: Lab,
  options: SimDeviceOptions,
  use: (sim: SimDevice) => Promise<T>,
): Promise<T> {
  const sim = await lab.addDevice(options);
  try {
    return await use(sim);
  } finally {
    await lab.removeDevice(sim);
  }
}
