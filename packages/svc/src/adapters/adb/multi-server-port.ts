// One AdbPort over several adb servers (one per host): device ids are `<host>:<port>/<serial>`, every call goes to
// the server its id names. Listing asks every server at once; a server that does not answer contributes no
// devices (the others are still listed, and listDevicesOfAll names the silent one), and only when none answers does
// listing fail. A server that goes away while a device call is under way fails that call with ADB_SERVER_LOST (one
// that refuses the call, before anything reached the device: ADB_SERVER_FAILED), naming the host; the other hosts
// are untouched (each has its own connections).

import { qualifiedId, type SilentServer, splitDeviceId } from '../../contracts/adb-servers.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { AdbDevice, AdbPort, ByteStream, DeviceSocket, PushProgress, ShellOutput } from './adb-port.ts';
import { unreachableServerHint } from './server-address.ts';

export interface LabelledPort {
  /** `host:port`, the first part of the ids of its devices. */
  label: string;
  port: AdbPort;
}

/** How a call to a host's adb server failed: refused (nothing reached the device) or broken mid-way. */
function hostFailure(error: unknown): 'refused' | 'broken' | undefined {
  if (error instanceof SvcError) return error.code === 'ADB_SERVER_FAILED' ? 'refused' : undefined;
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ETIMEDOUT') return 'broken';
  return /socket.*clos|connection.*clos|stream.*clos/i.test(String(error)) ? 'broken' : undefined;
}

export class MultiServerPort implements AdbPort {
  readonly #servers: LabelledPort[];

  constructor(servers: LabelledPort[]) {
    this.#servers = servers;
  }

  async listDevices(): Promise<AdbDevice[]> {
    return (await this.listDevicesOfAll()).devices;
  }

  async listDevicesOfAll(): Promise<{ devices: AdbDevice[]; silent: SilentServer[] }> {
    const answers = await Promise.allSettled(this.#servers.map((s) => s.port.listDevices()));
    if (answers.every((a) => a.status === 'rejected')) throw (answers[0] as PromiseRejectedResult).reason;
    const devices: AdbDevice[] = [];
    const silent: SilentServer[] = [];
    answers.forEach((answer, i) => {
      const { label } = this.#servers[i] as LabelledPort;
      if (answer.status === 'rejected') {
        const cause = answer.reason instanceof Error ? answer.reason.message : String(answer.reason);
        silent.push({ adbServer: label, hint: unreachableServerHint(label), cause });
      } else for (const d of answer.value) devices.push({ ...d, serial: qualifiedId(label, d.serial) });
    });
    return { devices, silent };
  }

  shell(id: string, command: string): Promise<ShellOutput> {
    return this.#on(id, (port, serial) => port.shell(serial, command));
  }

  openSocket(id: string, service: string): Promise<DeviceSocket> {
    return this.#on(id, (port, serial) => {
      if (!port.openSocket) throw new Error('this adb port cannot open device sockets');
      return port.openSocket(serial, service);
    });
  }

  execOut(id: string, command: string): Promise<Uint8Array> {
    return this.#on(id, (port, serial) => port.execOut(serial, command));
  }

  streamBytes(id: string, command: string): Promise<ByteStream> {
    return this.#on(id, (port, serial) => port.streamBytes(serial, command));
  }

  push(id: string, remotePath: string, data: Uint8Array, onProgress?: PushProgress): Promise<void> {
    return this.#on(id, (port, serial) => port.push(serial, remotePath, data, onProgress));
  }

  pull(id: string, remotePath: string): Promise<Uint8Array> {
    return this.#on(id, (port, serial) => port.pull(serial, remotePath));
  }

  async close(): Promise<void> {
    await Promise.all(this.#servers.map((s) => s.port.close()));
  }

  async #on<T>(id: string, work: (port: AdbPort, serial: string) => Promise<T>): Promise<T> {
    const parts = splitDeviceId(id);
    const server = parts === undefined ? undefined : this.#servers.find((s) => s.label === parts.server);
    if (parts === undefined || server === undefined) {
      throw new SvcError(
        'DEVICE_NOT_FOUND',
        `Device ${id} names no configured adb server (ids are <host>:<port>/<serial>).`,
        {
          deviceId: id,
          adbServers: this.#servers.map((s) => s.label),
        },
      );
    }
    try {
      return await work(server.port, parts.serial);
    } catch (error) {
      if (error instanceof SvcError && error.code === 'DEVICE_NOT_FOUND') {
        throw new SvcError('DEVICE_NOT_FOUND', error.message.replace(parts.serial, id), {
          ...error.details,
          deviceId: id,
        });
      }
      const failure = hostFailure(error);
      if (failure === undefined) throw error;
      const details = {
        deviceId: id,
        adbServer: server.label,
        cause: error instanceof Error ? error.message : String(error),
      };
      if (failure === 'refused') {
        throw new SvcError(
          'ADB_SERVER_FAILED',
          `Cannot reach the adb server at ${server.label} (device ${id}).`,
          details,
          unreachableServerHint(server.label),
        );
      }
      throw new SvcError(
        'ADB_SERVER_LOST',
        `The adb server at ${server.label} stopped answering (device ${id}).`,
        details,
      );
    }
  }
}
