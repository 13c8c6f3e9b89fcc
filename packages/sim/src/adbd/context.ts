// What a service handler gets from the device behind the transport.
import type { DeviceApi, ShellIO } from '../device/types.ts';
import type { AdbStream } from './stream.ts';

export interface ServiceContext {
  readonly device: DeviceApi;
  /** Features of the banner; services only offer behaviour the banner announced. */
  readonly features: readonly string[];
  /** Runs one command line through the device shell (latency injection included). Returns the exit status. */
  runCommand(commandLine: string, io: ShellIO): Promise<number>;
  /** Told every service a host opens and every sync request (`sync:STA2 <path>`): what adb chose to send. */
  traceService?(entry: string): void;
}

export type ServiceHandler = (stream: AdbStream, context: ServiceContext) => Promise<void>;
