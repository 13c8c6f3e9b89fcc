// The faults of the soak run (bench/soak.ts), as an operator of a phone lives them: the adb server restarted, the
// device unplugged and plugged back (a network device: `adb disconnect`, then `adb connect`), and the device going
// offline for a spell. Each fault returns once the device is listed as `device` again: that moment is the fault's
// end, from which recovery is timed.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Lab } from '../../packages/sim/src/testing/lab.ts';

export const FAULT_KINDS = ['adb-restart', 'unplug', 'offline'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** How long a fault keeps the device away (the adb server down, the cable out, the device offline). */
export interface FaultTiming {
  downMs: number;
}

export async function applyFault(lab: Lab, kind: FaultKind, timing: FaultTiming): Promise<void> {
  const sim = lab.devices[0];
  if (sim === undefined) throw new Error('the soak lab has no device');
  if (kind === 'adb-restart') {
    await lab.adb('kill-server');
    await sleep(timing.downMs);
    // svc may have started the server again meanwhile (it starts a local one that does not answer): either way
    // one runs now, and it must be told about the network device again, as after any adb restart.
    await lab.adb('start-server');
    await reconnect(lab, sim.serial);
  } else if (kind === 'unplug') {
    await lab.adb('disconnect', sim.serial);
    await sleep(timing.downMs);
    await reconnect(lab, sim.serial);
  } else {
    sim.setState('offline');
    await sleep(timing.downMs);
    sim.setState('device');
  }
  await lab.waitForState(sim.serial, 'device', 30_000);
}

/** `adb connect` until the server says it is connected (a server just started may refuse the first attempt). */
async function reconnect(lab: Lab, serial: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await lab.adb('connect', serial).catch(() => undefined);
    if (answer !== undefined && /^(connected|already connected) to/.test(answer.stdout)) return;
    await sleep(250);
  }
  throw new Error(`adb connect ${serial} never succeeded`);
}

/** The next fault of a schedule that cycles through `kinds`. */
export function faultAt(kinds: readonly FaultKind[], index: number): FaultKind {
  return kinds[index % kinds.length] as FaultKind;
}
