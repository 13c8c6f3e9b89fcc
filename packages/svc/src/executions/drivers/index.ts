// The drivers this build has, by name (executions/driver.ts is the port they implement).
import type { DriverName } from '../../contracts/types.ts';
import type { Driver } from '../driver.ts';
import { adbDriver } from './adb/adb-driver.ts';
import { operatorDriver } from './operator/operator-driver.ts';

export const DRIVERS: Record<DriverName, Driver> = {
  operator: operatorDriver,
  adb: adbDriver,
};
