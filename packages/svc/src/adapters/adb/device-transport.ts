// One device reached through the adb server, pinned to its transport id. Unlike the library's AdbServerTransport it
// keeps no list of every socket it opened (a daemon opens thousands) and holds no wait-for-disconnect connection
// open; a stale transport id shows up as a failed connect, and the owner re-resolves (adb-server-port.ts).
import {
  ADB_SERVER_DEFAULT_FEATURES,
  type AdbBanner,
  type AdbIncomingSocketHandler,
  type AdbServerClient,
  type AdbSocket,
  type AdbTransport,
} from '@yume-chan/adb';

/** The service never reached the device (server refused, transport gone): safe to retry on a fresh transport. */
export class DeviceConnectError extends Error {
  readonly serial: string;
  constructor(serial: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'DeviceConnectError';
    this.serial = serial;
  }
}

export class DeviceTransport implements AdbTransport {
  readonly serial: string;
  readonly transportId: bigint;
  readonly banner: AdbBanner;
  readonly maxPayloadSize = 1024 * 1024;
  readonly #client: AdbServerClient;
  readonly #closed: Promise<void>;
  #resolveClosed: () => void = () => {};

  constructor(client: AdbServerClient, serial: string, transportId: bigint, banner: AdbBanner) {
    this.#client = client;
    this.serial = serial;
    this.transportId = transportId;
    this.banner = banner;
    this.#closed = new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
  }

  get disconnected(): Promise<void> {
    return this.#closed;
  }

  get clientFeatures() {
    return ADB_SERVER_DEFAULT_FEATURES;
  }

  async connect(service: string): Promise<AdbSocket> {
    try {
      return await this.#client.createDeviceConnection({ transportId: this.transportId }, service);
    } catch (error) {
      throw new DeviceConnectError(this.serial, error);
    }
  }

  addReverseTunnel(handler: AdbIncomingSocketHandler, address?: string) {
    return this.#client.connector.addReverseTunnel(handler, address);
  }

  removeReverseTunnel(address: string) {
    return this.#client.connector.removeReverseTunnel(address);
  }

  clearReverseTunnels() {
    return this.#client.connector.clearReverseTunnels();
  }

  close(): void {
    this.#resolveClosed();
  }
}
