// How long the device's tools take. Off by default, so tests run at host speed; the `phone` profile makes the slow
// tools as slow as on a real phone, for benchmarks: `uiautomator dump` waits for a second of UI idleness before it
// dumps (DumpCommand.java: waitForIdle(1000, 10000)) and a real dump takes ~2 s (mobile-next/mobilecli#286); each
// `input` starts a JVM, 0.25-0.4 s on a recent emulator (mobile-next/mobile-mcp#430).
export interface DeviceTiming {
  /** Time a successful `uiautomator dump` takes, in ms. */
  dumpMs: number;
  /** Time one `input` command takes, in ms. */
  inputMs: number;
}

export const TIMING_PROFILES = {
  instant: { dumpMs: 0, inputMs: 0 },
  phone: { dumpMs: 1200, inputMs: 250 },
} as const satisfies Record<string, DeviceTiming>;

export type TimingProfile = keyof typeof TIMING_PROFILES;

export function isTimingProfile(name: string): name is TimingProfile {
  return Object.hasOwn(TIMING_PROFILES, name);
}
