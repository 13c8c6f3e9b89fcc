// A small client of the adb server's host protocol (AOSP adb/SERVICES.TXT): 4 hex digits of length + request,
// answered by OKAY or FAIL + 4 hex digits of length + message.
import { connect, type Socket } from 'node:net';
import { encodeHostRequest } from '../emulator/register.ts';

class Reader {
  #socket: Socket;
  #buffer = Buffer.alloc(0);
  #ended = false;
  #wake: (() => void) | undefined;

  constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#wake?.();
    });
    const end = () => {
      this.#ended = true;
      this.#wake?.();
    };
    socket.on('end', end);
    socket.on('close', end);
  }

  async read(size: number): Promise<Buffer> {
    while (this.#buffer.length < size) {
      if (this.#ended) throw new Error('adb server closed the connection');
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    const out = this.#buffer.subarray(0, size);
    this.#buffer = this.#buffer.subarray(size);
    this.#socket.resume();
    return out;
  }

  /** Everything until the server closes. */
  async rest(): Promise<Buffer> {
    while (!this.#ended) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    return this.#buffer;
  }
}

export interface HostConnection {
  readonly socket: Socket;
  readonly reader: Reader;
}

export function connectHost(adbPort: number): Promise<HostConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: adbPort, noDelay: true });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => socket.destroy());
      resolve({ socket, reader: new Reader(socket) });
    });
  });
}

/** Sends one request and waits for OKAY (throws with the server's message on FAIL). */
export async function request(connection: HostConnection, text: string): Promise<void> {
  connection.socket.write(encodeHostRequest(text));
  const status = (await connection.reader.read(4)).toString('latin1');
  if (status === 'OKAY') return;
  const length = Number.parseInt((await connection.reader.read(4)).toString('latin1'), 16);
  throw new Error(`adb server: ${(await connection.reader.read(length)).toString('utf8')}`);
}

/** A host request whose answer is a length-prefixed string (host:devices, host:connect:..., host:version). */
export async function hostQuery(adbPort: number, text: string): Promise<string> {
  const connection = await connectHost(adbPort);
  try {
    await request(connection, text);
    const length = Number.parseInt((await connection.reader.read(4)).toString('latin1'), 16);
    return (await connection.reader.read(length)).toString('utf8');
  } finally {
    connection.socket.destroy();
  }
}

/** `host:devices` as { serial: state }. */
export async function deviceStates(adbPort: number): Promise<Map<string, string>> {
  const text = await hostQuery(adbPort, 'host:devices');
  const states = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [serial, state] = line.split('\t');
    if (serial && state) states.set(serial, state);
  }
  return states;
}

/** Opens a device service through the server (host:transport:<serial>, then the service); the socket is raw. */
export async function openDeviceService(adbPort: number, serial: string, service: string) {
  const connection = await connectHost(adbPort);
  try {
    await request(connection, `host:transport:${serial}`);
    await request(connection, service);
    return connection;
  } catch (error) {
    connection.socket.destroy();
    throw error;
  }
}

export type { Reader };
