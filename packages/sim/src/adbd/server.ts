// The adb daemon of one simulated device: a TCP listener on 127.0.0.1 whose connections are adb transports.
// Holds the run-time switches: device state, auto-accept of the auth prompt, and dropping every transport.
import { createServer, type Server } from 'node:net';
import { answersHandshake, type DeviceState } from '../device/types.ts';
import { listenOn } from '../emulator/ports.ts';
import { DEVICE_FEATURES, deviceBanner } from './banner.ts';
import { AdbConnection, type ConnectionHost } from './connection.ts';
import type { ServiceContext } from './context.ts';

export interface AdbdServerOptions {
  readonly context: Omit<ServiceContext, 'features'>;
  readonly state?: DeviceState;
  /** While unauthorized, accept the host's key this long after it is offered (simulates tapping Allow). */
  readonly acceptAuthAfterMs?: number;
  readonly features?: readonly string[];
  /** Called after the state changed and connections were dropped/completed (emulators re-announce here). */
  readonly onStateChange?: (state: DeviceState) => void;
}

export class AdbdServer implements ConnectionHost {
  readonly context: ServiceContext;
  #server: Server;
  #state: DeviceState;
  #connections = new Set<AdbConnection>();
  #acceptAuthAfterMs: number | undefined;
  #authTimer: NodeJS.Timeout | undefined;
  #onStateChange: ((state: DeviceState) => void) | undefined;

  constructor(options: AdbdServerOptions) {
    this.context = { ...options.context, features: options.features ?? DEVICE_FEATURES };
    this.#state = options.state ?? 'device';
    this.#acceptAuthAfterMs = options.acceptAuthAfterMs;
    this.#onStateChange = options.onStateChange;
    this.#server = createServer({ noDelay: true }, (socket) => {
      const connection = new AdbConnection(socket, this);
      this.#connections.add(connection);
    });
  }

  /** The listening socket, for callers that bind it themselves (emulator port pairs). */
  get netServer(): Server {
    return this.#server;
  }

  listen(port: number): Promise<number> {
    return listenOn(this.#server, port);
  }

  state(): DeviceState {
    return this.#state;
  }

  banner(): string {
    return deviceBanner(this.context.device, this.context.features, this.#state);
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /**
   * device → offline/unauthorized drops every transport (the adb server reconnects and meets the new state);
   * offline/unauthorized → device (or a boot mode) completes every waiting handshake in place; a change between
   * handshaking states (device → recovery, as a reboot into recovery) drops the transports, so adb reads the new banner.
   */
  setState(state: DeviceState, options: { acceptAuthAfterMs?: number | undefined } = {}): void {
    if ('acceptAuthAfterMs' in options) this.#acceptAuthAfterMs = options.acceptAuthAfterMs;
    const previous = this.#state;
    this.#state = state;
    clearTimeout(this.#authTimer);
    if (answersHandshake(state) && !answersHandshake(previous)) {
      for (const connection of this.#connections) connection.stateChanged(state);
    } else if (previous !== state) {
      this.dropConnections();
    }
    this.#onStateChange?.(state);
  }

  onAuthPrompt(): void {
    if (this.#acceptAuthAfterMs === undefined || this.#authTimer) return;
    this.#authTimer = setTimeout(() => {
      this.#authTimer = undefined;
      if (this.#state === 'unauthorized') this.setState('device');
    }, this.#acceptAuthAfterMs);
  }

  onClosed(connection: AdbConnection): void {
    this.#connections.delete(connection);
  }

  dropConnections(): void {
    for (const connection of this.#connections) connection.destroy();
  }

  async close(): Promise<void> {
    clearTimeout(this.#authTimer);
    this.dropConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
