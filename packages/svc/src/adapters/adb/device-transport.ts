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

/**
 * The service request went to the adb server, but no OKAY came back: the device may be running it (adbd starts a
 * service before it answers the OPEN, and the server answers only once the device did), so it is never sent again.
 */
export class ServiceUnansweredError extends Error {
  readonly serial: string;
  constructor(serial: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ServiceUnansweredError';
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

  /**
   * The library's createDeviceConnection in its two steps, told apart: a failed switch to the transport never
   * reached the device (DeviceConnectError: retried on a fresh transport); a failure once the service was sent has an
   * unknown outcome (ServiceUnansweredError: a cut server answers nothing, a dropped transport answers FAIL "closed").
   */
  async connect(service: string): Promise<AdbSocket> {
    let connection: Awaited<ReturnType<AdbServerClient['createConnection']>>;
    try {
      connection = await this.#client.createConnection(`host:transport-id:${this.transportId}`);
    } catch (error) {
      throw new DeviceConnectError(this.serial, error);
    }
    try {
      await connection.writeString(service);
      await connection.readOkay();
    } catch (error) {
      await connection.dispose().catch(() => {});
      throw new ServiceUnansweredError(this.serial, error);
    }
    const socket = connection.release();
    return {
      service,
      readable: socket.readable,
      writable: socket.writable,
      get closed() {
        return socket.closed;
      },
      close: () => socket.close(),
    };
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
