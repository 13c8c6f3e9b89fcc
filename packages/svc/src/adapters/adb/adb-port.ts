// The adb port the use cases take as a parameter. The real one talks to the adb server socket
// (adb-server-port.ts); tests may pass a small fake for what the simulator cannot show.

import type { SilentServer } from '../../contracts/adb-servers.ts';

export interface AdbDevice {
  serial: string;
  /** `device`, `unauthorized`, `offline`, or any other word the adb server reports. */
  state: string;
  /** What `adb devices -l` shows of a device that answered: its product, model and device names. */
  product?: string;
  model?: string;
  device?: string;
}

/** The described fields of an `adb devices -l` entry, only those the server gave. */
export function describedDevice(attributes: Record<string, string>): Pick<AdbDevice, 'product' | 'model' | 'device'> {
  const out: Pick<AdbDevice, 'product' | 'model' | 'device'> = {};
  for (const key of ['product', 'model', 'device'] as const) {
    const value = attributes[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

export interface ShellOutput {
  stdout: string;
  stderr: string;
  /** The real exit status (shell protocol v2). */
  exitCode: number;
}

/** A long-running device command whose stdout is read as raw bytes (`logcat -B`: the log as records). */
export interface ByteStream {
  /** stdout exactly as the device wrote it, in the chunks adb delivered. */
  readonly chunks: AsyncIterable<Uint8Array>;
  /** Stops the device command; `chunks` then ends. Safe to call twice. */
  close(): Promise<void>;
}

/** A byte stream to a service of the device (`localabstract:<name>`: what `adb forward` connects each time). */
export interface DeviceSocket {
  readonly readable: ReadableStream<Uint8Array>;
  write(data: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export type PushProgress = (sentBytes: number, totalBytes: number) => void;

export interface AdbPort {
  /** `host:devices-l`: every device the server knows, in its order. */
  listDevices(): Promise<AdbDevice[]>;
  /** Over several adb servers: the devices of those that answered, and those that did not. */
  listDevicesOfAll?(): Promise<{ devices: AdbDevice[]; silent: SilentServer[] }>;
  /** Runs one device `sh` command line (already quoted for the device) over shell protocol v2. */
  shell(serial: string, command: string): Promise<ShellOutput>;
  /** `exec-out`: raw stdout bytes, no tty mangling (screencap -p). */
  execOut(serial: string, command: string): Promise<Uint8Array>;
  /** A device command that runs until closed (a log follow), its stdout as bytes: no tty, no decoding. */
  streamBytes(serial: string, command: string): Promise<ByteStream>;
  /** `sync:` SEND: writes `data` to a device file (mode 0644); `onProgress` hears the bytes handed over so far. */
  push(serial: string, remotePath: string, data: Uint8Array, onProgress?: PushProgress): Promise<void>;
  /** `sync:` RECV: the whole device file. */
  pull(serial: string, remotePath: string): Promise<Uint8Array>;
  /**
   * Opens a device service as a byte stream, as `adb forward` does for each connection to its local port, without
   * a port left open on the host for any local process to use.
   */
  openSocket?(serial: string, service: string): Promise<DeviceSocket>;
  /** Drops warm connections (the process may then exit). */
  close(): Promise<void>;
}
