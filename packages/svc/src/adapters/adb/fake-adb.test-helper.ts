// A small hand-written AdbPort for unit tests of what the simulator cannot show (a stream that drops, a server
// that is not there, exact call order). Shell commands are answered by `handle`; log follows receive what `log()`
// writes at tag SvcOperator: a `-B` follow as records, a text follow as `-v epoch -v usec -v uid` lines.
import { SvcError } from '../../contracts/errors.ts';
import type { AdbDevice, AdbPort, ByteStream, PushProgress, ShellOutput } from './adb-port.ts';
import { LAST_ENTRY_COMMAND } from './logcat.ts';
import { encodeLoggerEntry, type RecordToWrite } from './logger-entry.test-helper.ts';

/** adb's sync chunk (device-files.ts sends the same). */
const SYNC_CHUNK = 64 * 1024;

interface OpenStream {
  serial: string;
  command: string;
  push(entry: Entry): void;
  end(): void;
}

interface Entry {
  serial: string;
  epoch: string;
  record: RecordToWrite;
}

export class FakeAdb implements AdbPort {
  devices: AdbDevice[] = [{ serial: 'fake-1', state: 'device' }];
  readonly calls: string[] = [];
  readonly streams: OpenStream[] = [];
  /** Every log record written, so a follow opened with `-T <epoch>` replays what it must, like logcat. */
  readonly entries: Entry[] = [];
  #clock = 1_700_000_000_000;
  handle: (serial: string, command: string) => ShellOutput | Promise<ShellOutput> = () => ok('');
  screen: Uint8Array = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  async listDevices(): Promise<AdbDevice[]> {
    this.calls.push('host:devices-l');
    return this.devices.map((d) => ({ ...d }));
  }

  async shell(serial: string, command: string): Promise<ShellOutput> {
    this.calls.push(`${serial}: ${command}`);
    this.#reachable(serial);
    if (command === LAST_ENTRY_COMMAND) return ok(`${this.#epoch()}  1000  1  1 I other: before\n`);
    return this.handle(serial, command);
  }

  async execOut(serial: string, command: string): Promise<Uint8Array> {
    this.calls.push(`${serial}: exec ${command}`);
    this.#reachable(serial);
    return this.screen;
  }

  /** Device files written with push (pull reads them back). */
  readonly files = new Map<string, Uint8Array>();

  async push(serial: string, remotePath: string, data: Uint8Array, onProgress?: PushProgress): Promise<void> {
    this.calls.push(`${serial}: push ${remotePath}`);
    this.#reachable(serial);
    // As the sync service: the bytes handed over, one 64 KiB chunk at a time; the device keeps its own copy.
    for (let sent = 0; sent < data.length; ) {
      sent = Math.min(sent + SYNC_CHUNK, data.length);
      onProgress?.(sent, data.length);
    }
    this.files.set(`${serial}:${remotePath}`, data.slice());
  }

  async pull(serial: string, remotePath: string): Promise<Uint8Array> {
    this.calls.push(`${serial}: pull ${remotePath}`);
    this.#reachable(serial);
    const data = this.files.get(`${serial}:${remotePath}`);
    if (data === undefined) {
      throw new SvcError(
        'DEVICE_FILE_NOT_FOUND',
        `Cannot copy ${remotePath} from the device: remote object '${remotePath}' does not exist`,
        { remotePath },
      );
    }
    return data.slice();
  }

  async streamBytes(serial: string, command: string): Promise<ByteStream> {
    this.calls.push(`${serial}: stream ${command}`);
    this.#reachable(serial);
    if (!/^logcat\b/.test(command)) {
      const stdout = new TextEncoder().encode((await this.handle(serial, command)).stdout);
      return {
        chunks: (async function* () {
          yield stdout;
        })(),
        close: async () => {},
      };
    }
    const follow = this.#follow(serial, command, (entry) => [encodeLoggerEntry(entry.record)]);
    return { chunks: follow.items, close: follow.close };
  }

  /** An open follow: the entries from its `-T` bound on, then every new one, each as `render` writes it. */
  #follow<T>(serial: string, command: string, render: (entry: Entry) => T[]) {
    const queue: T[] = [];
    let wake: (() => void) | undefined;
    let ended = false;
    const stream: OpenStream = {
      serial,
      command,
      push(entry) {
        queue.push(...render(entry));
        wake?.();
      },
      end() {
        ended = true;
        wake?.();
      },
    };
    this.streams.push(stream);
    const since = /-T '([\d.]+)'/.exec(command)?.[1];
    for (const entry of this.entries) {
      if (entry.serial === serial && since !== undefined && Number(entry.epoch) >= Number(since))
        queue.push(...render(entry));
    }
    const streams = this.streams;
    async function* items() {
      for (;;) {
        while (queue.length > 0) yield queue.shift() as T;
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
    return {
      items: items(),
      async close() {
        stream.end();
        streams.splice(streams.indexOf(stream), 1);
      },
    };
  }

  async close(): Promise<void> {}

  /**
   * Writes one log record (one log call, its message whole) to every open follow of `serial`, at priority I unless
   * `from` says otherwise: by default under FAKE_OPERATOR_UID (what a fake `pm list packages -U` should answer), else as `from` says.
   */
  log(
    serial: string,
    message: string,
    from: { uid: number; pid: number; tid?: number; priority?: string } = { uid: FAKE_OPERATOR_UID, pid: 4242 },
  ): void {
    const epoch = this.#epoch();
    const [sec = '0', usec = '0'] = epoch.split('.');
    const record: RecordToWrite = {
      sec: Number(sec),
      nsec: Number(usec) * 1000,
      pid: from.pid,
      tid: from.tid ?? from.pid,
      uid: from.uid,
      priority: from.priority ?? 'I',
      tag: 'SvcOperator',
      message,
    };
    const entry = { serial, epoch, record };
    this.entries.push(entry);
    for (const stream of this.streams) if (stream.serial === serial) stream.push(entry);
  }

  /** As the real port: a serial the server does not list in state `device` cannot be reached. */
  #reachable(serial: string): void {
    if (this.devices.some((d) => d.serial === serial && d.state === 'device')) return;
    throw new SvcError('DEVICE_NOT_FOUND', `Device ${serial} is not reachable`, { deviceId: serial });
  }

  #epoch(): string {
    this.#clock += 1;
    return (this.#clock / 1000).toFixed(6);
  }
}

/** The uid FakeAdb writes operator lines under unless told otherwise. */
export const FAKE_OPERATOR_UID = 10042;

export function ok(stdout: string, exitCode = 0, stderr = ''): ShellOutput {
  return { stdout, stderr, exitCode };
}
