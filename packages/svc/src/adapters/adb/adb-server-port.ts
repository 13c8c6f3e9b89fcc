// AdbPort over the adb server socket (@yume-chan/adb): no adb process per call. One Adb object per device stays
// warm for the life of the port (the daemon keeps one port per process); a transport id that went stale (device
// reconnected) is re-resolved once, only when the failure happened before the service request was sent; one sent
// and unanswered may have run, and is never sent again.
import { Adb, AdbBanner, type AdbFeature, AdbServerClient } from '@yume-chan/adb';
import { configuredServers, serverLabel } from '../../contracts/adb-servers.ts';
import { codeOf } from '../../contracts/conditions.ts';
import type { Env } from '../../contracts/env.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { ProcessRunner } from '../process/process-runner.ts';
import { ackEveryChunk } from './ack-every-chunk.ts';
import {
  type AdbDevice,
  type AdbPort,
  type ByteStream,
  type DeviceSocket,
  describedDevice,
  type PushProgress,
  type ShellOutput,
} from './adb-port.ts';
import { closeAwareConnector } from './close-aware-connector.ts';
import { pullFile, pushFile } from './device-files.ts';
import { parseDevicesLong } from './device-list.ts';
import { DeviceConnectError, DeviceTransport, ServiceUnansweredError } from './device-transport.ts';
import { drain, nudgeEach } from './line-reader.ts';
import { MultiServerPort } from './multi-server-port.ts';
import { type AdbServerAddress, adbServerAddress, unreachableServerHint } from './server-address.ts';
import { startAdbServer } from './start-server.ts';
import { startedNotice } from './started-notice.ts';

const SERVER_DOWN = new Set(['ECONNREFUSED', 'ENOENT']);

export class AdbServerPort implements AdbPort {
  readonly #env: Env;
  readonly #processes: ProcessRunner;
  #address: AdbServerAddress | undefined;
  #client: AdbServerClient | undefined;
  #starting: Promise<void> | undefined;
  readonly #transportIds = new Map<string, bigint>();
  readonly #adbs = new Map<string, Promise<Adb>>();

  /** `address`: a configured server (never started by svc); else the one adb itself would use, from env. */
  constructor(env: Env, processes: ProcessRunner, address?: AdbServerAddress) {
    this.#env = env;
    this.#processes = processes;
    this.#address = address;
  }

  async listDevices(): Promise<AdbDevice[]> {
    const text = await this.#withServer(async (client) => {
      const connection = await client.createConnection('host:devices-l');
      try {
        return await connection.readString();
      } finally {
        await connection.dispose();
      }
    });
    const entries = parseDevicesLong(text);
    for (const entry of entries) {
      const known = this.#transportIds.get(entry.serial);
      if (entry.transportId !== undefined && known !== entry.transportId) {
        this.#transportIds.set(entry.serial, entry.transportId);
        this.#adbs.delete(entry.serial);
      }
    }
    return entries.map(({ serial, state, attributes }) => ({ serial, state, ...describedDevice(attributes) }));
  }

  shell(serial: string, command: string): Promise<ShellOutput> {
    return this.#withDevice(serial, async (adb) => {
      const shell = adb.subprocess.shellProtocol;
      if (shell?.isSupported) return shell.spawnWaitText([command]);
      // A device without shell_v2 (Android < 7) has no exit status or separate stderr to give.
      const stdout = await adb.subprocess.noneProtocol.spawnWaitText([command]);
      return { stdout, stderr: '', exitCode: 0 };
    });
  }

  execOut(serial: string, command: string): Promise<Uint8Array> {
    return this.#withDevice(serial, (adb) => adb.subprocess.noneProtocol.spawnWait([command]));
  }

  streamBytes(serial: string, command: string): Promise<ByteStream> {
    return this.#withDevice(serial, async (adb) => {
      const shell = adb.subprocess.shellProtocol;
      let output: AsyncIterable<Uint8Array>;
      let kill: () => unknown;
      if (shell?.isSupported) {
        const child = await shell.spawn([command]);
        const ack = ackEveryChunk(child.stdin);
        void drain(child.stderr);
        child.exited.catch(() => {});
        output = nudgeEach(child.stdout, ack.nudge);
        kill = async () => {
          ack.stop();
          await child.kill();
        };
      } else {
        const child = await adb.subprocess.noneProtocol.spawn([command]);
        child.exited.catch(() => {});
        output = child.output;
        kill = () => child.kill();
      }
      let closed = false;
      return {
        chunks: output,
        async close() {
          if (closed) return;
          closed = true;
          await kill();
        },
      };
    });
  }

  openSocket(serial: string, service: string): Promise<DeviceSocket> {
    return this.#withDevice(serial, async (adb) => {
      const socket = await adb.createSocket(service);
      const writer = socket.writable.getWriter();
      return {
        readable: socket.readable as ReadableStream<Uint8Array>,
        write: (data) => writer.write(data),
        close: () => Promise.resolve(socket.close()),
      };
    });
  }

  push(serial: string, remotePath: string, data: Uint8Array, onProgress?: PushProgress): Promise<void> {
    return this.#withDevice(serial, (adb) => pushFile(adb, remotePath, data, onProgress));
  }

  pull(serial: string, remotePath: string): Promise<Uint8Array> {
    return this.#withDevice(serial, (adb) => pullFile(adb, remotePath));
  }

  async close(): Promise<void> {
    this.#adbs.clear();
  }

  /**
   * The adb server went away (refused or reset a connection): a restarted one numbers its transports anew, so a kept
   * transport id may now name another device. Every device is looked up by its serial again.
   */
  #forgetHandles(): void {
    this.#adbs.clear();
    this.#transportIds.clear();
  }

  #connectClient(): AdbServerClient {
    if (this.#client === undefined) {
      this.#address ??= adbServerAddress(this.#env);
      const { host, port } = this.#address;
      this.#client = new AdbServerClient(closeAwareConnector({ host, port }, () => this.#forgetHandles()));
    }
    return this.#client;
  }

  /** Runs a server request; when nothing listens on a local address, starts the server once and retries. */
  async #withServer<T>(request: (client: AdbServerClient) => Promise<T>): Promise<T> {
    const client = this.#connectClient();
    try {
      return await request(client);
    } catch (error) {
      const address = this.#address as AdbServerAddress;
      if (isHangUp(error)) {
        // Something listens there but hangs up or answers garbage: not an adb server (or a dying one).
        throw new SvcError(
          'ADB_SERVER_FAILED',
          `The adb server at ${address.host}:${address.port} did not answer as adb does (${(error as Error).message}); is something else listening on that port?`,
          { adbServer: `${address.host}:${address.port}` },
        );
      }
      if (!SERVER_DOWN.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      if (!address.local) {
        throw new SvcError(
          'ADB_SERVER_FAILED',
          `Cannot reach the adb server at ${address.host}:${address.port}.`,
          { adbServer: `${address.host}:${address.port}` },
          unreachableServerHint(`${address.host}:${address.port}`),
        );
      }
      this.#starting ??= startAdbServer(address, this.#env, this.#processes)
        .then(() => startedNotice(address))
        .finally(() => {
          this.#starting = undefined;
        });
      await this.#starting;
      return request(client);
    }
  }

  async #withDevice<T>(serial: string, work: (adb: Adb) => Promise<T>): Promise<T> {
    try {
      return await work(await this.#adb(serial));
    } catch (error) {
      if (error instanceof ServiceUnansweredError) throw unanswered(error);
      if (!(error instanceof DeviceConnectError)) throw error;
      // The transport id may be stale (device reconnected): look the serial up again, then try once more.
      this.#adbs.delete(serial);
      this.#transportIds.delete(serial);
      try {
        return await work(await this.#adb(serial));
      } catch (retryError) {
        if (retryError instanceof ServiceUnansweredError) throw unanswered(retryError);
        if (!(retryError instanceof DeviceConnectError)) throw retryError;
        this.#adbs.delete(serial);
        throw new SvcError('DEVICE_NOT_FOUND', `Device ${serial} is not reachable: ${retryError.message}`, {
          deviceId: serial,
          reason: retryError.message,
        });
      }
    }
  }

  #adb(serial: string): Promise<Adb> {
    let adb = this.#adbs.get(serial);
    if (adb === undefined) {
      adb = this.#openAdb(serial);
      adb.catch(() => this.#adbs.delete(serial));
      this.#adbs.set(serial, adb);
    }
    return adb;
  }

  async #openAdb(serial: string): Promise<Adb> {
    const known = this.#transportIds.get(serial);
    const { transportId, features } = await this.#withServer(async (client) => {
      try {
        return await client.getDeviceFeatures(known === undefined ? { serial } : { transportId: known });
      } catch (error) {
        if (SERVER_DOWN.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        throw new DeviceConnectError(serial, error);
      }
    });
    this.#transportIds.set(serial, transportId);
    const banner = new AdbBanner('device', undefined, undefined, undefined, features as AdbFeature[]);
    return new Adb(new DeviceTransport(this.#connectClient(), serial, transportId, banner));
  }
}

export function createAdbServerPort(env: Env, processes: ProcessRunner): AdbPort {
  const servers = configuredServers(env);
  if (servers === undefined) return new AdbServerPort(env, processes);
  if (servers.length === 1) return new AdbServerPort(env, processes, servers[0]);
  return new MultiServerPort(
    servers.map((address) => ({ label: serverLabel(address), port: new AdbServerPort(env, processes, address) })),
  );
}

/**
 * A command sent to the device whose answer never came: it may have run, so it is never sent again, and the caller
 * hears the device went away (`outcome: 'unknown'`), never that it was not found.
 */
function unanswered(error: ServiceUnansweredError): SvcError {
  return new SvcError(
    codeOf('deviceGone'),
    `The connection to ${error.serial} ended before its command was answered: the device or its adb server went away, and the command may have run.`,
    { deviceId: error.serial, reason: error.message, outcome: 'unknown' },
  );
}

/**
 * A host request that failed other than by a refused connection (nothing listens: the server is started) or a
 * device that cannot be reached (DeviceConnectError, handled by the caller): the connection ended before the answer,
 * or the answer was not adb's. The peer is not a working adb server.
 */
function isHangUp(error: unknown): boolean {
  if (error instanceof SvcError || error instanceof DeviceConnectError) return false;
  return !SERVER_DOWN.has((error as NodeJS.ErrnoException).code ?? '');
}
