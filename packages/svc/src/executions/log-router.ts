// Routes operator log lines to the executions waiting for them, by commandId. A long-lived process (daemon, server)
// keeps ONE follow per device running (`keepAlive`); direct mode starts one at the first subscription and stops it
// with the last. Lines whose commandId cannot be read (malformed) go to every waiter of the device: each decides.
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import { type LogcatEntry, OPERATOR_LOG_TAG } from '../adapters/adb/logcat.ts';
import type { Clock } from '../adapters/clock.ts';
import { type OperatorLine, parseOperatorLine } from '../contracts/frames.ts';
import { DeviceLogStream, type LogStreamStatus } from './device-log-stream.ts';

export type LineSink = (line: OperatorLine) => void;

export interface Subscription {
  readonly status: LogStreamStatus;
  unsubscribe(): Promise<void>;
}

interface DeviceRoute {
  stream: DeviceLogStream;
  started: Promise<void>;
  sinks: Map<string, Set<LineSink>>;
}

export class LogRouter {
  readonly #adb: AdbPort;
  readonly #clock: Clock;
  readonly #keepAlive: boolean;
  readonly #devices = new Map<string, DeviceRoute>();

  constructor(adb: AdbPort, clock: Clock, options: { keepAlive: boolean }) {
    this.#adb = adb;
    this.#clock = clock;
    this.#keepAlive = options.keepAlive;
  }

  /** Resolves when every line the device writes from now on will reach `sink`. */
  async subscribe(serial: string, commandId: string, sink: LineSink): Promise<Subscription> {
    let route = this.#devices.get(serial);
    if (route === undefined) {
      const sinks = new Map<string, Set<LineSink>>();
      const stream = new DeviceLogStream(this.#adb, this.#clock, serial, (entry) => this.#route(sinks, entry));
      route = { stream, sinks, started: stream.start() };
      this.#devices.set(serial, route);
      const failed = route;
      route.started.catch(() => {
        if (this.#devices.get(serial) === failed) this.#devices.delete(serial);
      });
    }
    const set = route.sinks.get(commandId) ?? new Set();
    set.add(sink);
    route.sinks.set(commandId, set);
    const unsubscribe = async () => {
      set.delete(sink);
      if (set.size === 0 && route.sinks.get(commandId) === set) route.sinks.delete(commandId);
      if (!this.#keepAlive && route.sinks.size === 0 && this.#devices.get(serial) === route) {
        this.#devices.delete(serial);
        await route.stream.stop();
      }
    };
    try {
      await route.started;
    } catch (error) {
      await unsubscribe();
      throw error;
    }
    return { status: route.stream.status, unsubscribe };
  }

  async close(): Promise<void> {
    const routes = [...this.#devices.values()];
    this.#devices.clear();
    await Promise.all(routes.map((route) => route.stream.stop()));
  }

  #route(sinks: Map<string, Set<LineSink>>, entry: LogcatEntry): void {
    if (entry.tag !== OPERATOR_LOG_TAG || sinks.size === 0) return;
    const line = parseOperatorLine(entry.message);
    if (line === undefined) return;
    for (const sink of targets(sinks, line)) sink(line);
  }
}

function targets(sinks: Map<string, Set<LineSink>>, line: OperatorLine): Iterable<LineSink> {
  let commandId: string | undefined;
  if (line.kind === 'event') commandId = line.event.commandId;
  else if (line.kind === 'result') commandId = commandIdOfResult(line.json);
  else if (line.kind === 'frame' && line.frame.stream === 'result') commandId = line.frame.key;
  else if (line.kind === 'frame') {
    // `<commandId>/<actionId>`: the commandId itself may hold a `/`, so match the waiting ids as prefixes.
    const key = line.frame.key;
    return [...sinks].filter(([id]) => key.startsWith(`${id}/`)).flatMap(([, set]) => [...set]);
  }
  if (commandId !== undefined) return sinks.get(commandId) ?? [];
  return [...sinks.values()].flatMap((set) => [...set]);
}

/** The commandId of a result line, or undefined when it cannot be read (then every waiter sees the line). */
function commandIdOfResult(json: string): string | undefined {
  try {
    const value = JSON.parse(json) as { commandId?: unknown };
    return typeof value === 'object' && value !== null && typeof value.commandId === 'string'
      ? value.commandId
      : undefined;
  } catch {
    return undefined;
  }
}
