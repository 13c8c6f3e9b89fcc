import type { DriverChoice } from '../contracts/types.ts';

/** Where an execution goes, as the caller asked (submit/target.ts resolves flags, bodies and env into this). */
export interface Target {
  /** The serial asked for (flag, body, tool argument or ANDROID_SERIAL); undefined: the only ready device. */
  deviceId?: string | undefined;
  /** Where deviceId came from, so a DEVICE_NOT_FOUND can say so. */
  deviceSource?: 'explicit' | 'ANDROID_SERIAL' | undefined;
  operatorPackage: string;
  /** `default` when nobody named a package (operator setup then looks for the one variant installed). */
  operatorPackageSource?: 'given' | 'env' | 'default' | undefined;
  driver: DriverChoice;
  /**
   * Drive a published operator outside the versions svc supports (the caller accepts the risk): `--driver operator`
   * runs it instead of VERSION_INCOMPATIBLE, and `auto` picks it instead of adb.
   */
  allowUntestedOperator?: boolean | undefined;
}
