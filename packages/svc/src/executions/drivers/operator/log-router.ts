// Routes operator log lines to the executions waiting for them, by commandId, with the writer's uid and pid (each
// waiter trusts only its operator's uid: armed-result.ts). A long-lived process (daemon, server) keeps ONE follow
// per device running (`keepAlive`); direct mode starts one at the first subscription and stops it with the last.
// A result line that names no commandId reaches nobody: it may be a stale line replayed by `logcat -T` or noise,
// and must not end an execution (issue 19); the follow's status counts it.
// The operator runs one execution at a time, and its step and hierarchy lines name no commandId: they belong to the
// execution whose `[<Brand>-Command] start commandId=…` line the same writer (uid) wrote last, until its result line.
// A writer's state is its own, so no other app can move a line into or out of the operator's execution.
// A payload the operator could not parse names no commandId either: every waiter of the device hears of it.
// A kept follow whose device is gone (no longer listed by the adb server) is dropped as soon as no execution waits
// on it; the next execution for that serial starts a fresh one.
import type { AdbPort } from '../../../adapters/adb/adb-port.ts';
import type { Clock } from '../../../adapters/clock.ts';
import { commandIdNamedIn } from '../../../contracts/envelope.ts';
import { commandIdOfLine, type OperatorLine } from '../../../contracts/operator-lines.ts';
import type { SvcContext } from '../../../core/context.ts';
import { DeviceLogStream, type LogStreamStatus } from './device-log-stream.ts';
import { IDLE_FAILURE_LIMIT } from './follow-retry.ts';
import { FollowWatchdog } from './follow-watchdog.ts';
import { GoneProbe } from './gone-probe.ts';
import { type AssembledLine, LineAssembler, type LineSource } from './line-assembler.ts';

export type { LineSource } from './line-assembler.ts';

export type LineSink = (line: OperatorLine, source: LineSource) => void;

const LOG_ROUTER = Symbol('operator log router');

/** The context's router: a long-lived context keeps one follow per device warm; a CLI run stops it after use. */
export function logRouterOf(ctx: SvcContext): LogRouter {
  return ctx.shared(LOG_ROUTER, () => new LogRouter(ctx.adb, ctx.clock, { keepAlive: ctx.longLived }));
}

export interface Subscription {
  readonly status: LogStreamStatus;
  /** Told (once) when the device's follow failed and adb has not listed the device as ready for a while. */
  onDeviceGone(listener: (adbState: string) => void): void;
  unsubscribe(): Promise<void>;
}

interface DeviceRoute {
  stream: DeviceLogStream;
  assembler: LineAssembler;
  /** uid → the commandId that writer is running (from its `start` line to its result line). */
  running: Map<number | undefined, string>;
  started: Promise<void>;
  sinks: Map<string, Set<LineSink>>;
  goneListeners: Set<(adbState: string) => void>;
  probe: GoneProbe;
  watchdog: FollowWatchdog;
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
      let self: DeviceRoute | undefined;
      const assembler = new LineAssembler();
      const running = new Map<number | undefined, string>();
      const stream: DeviceLogStream = new DeviceLogStream(
        this.#adb,
        this.#clock,
        serial,
        (entry) => {
          for (const line of assembler.push(entry)) this.#route(sinks, running, stream.status, line);
        },
        {
          waited: () => sinks.size > 0,
          giveUp: (failures) => (self === undefined ? Promise.resolve(false) : this.#letGo(serial, self, failures)),
        },
      );
      const goneListeners = new Set<(adbState: string) => void>();
      const probe = new GoneProbe(
        this.#adb,
        serial,
        () => sinks.size > 0,
        (adbState) => {
          for (const listener of [...goneListeners]) listener(adbState);
          goneListeners.clear();
        },
      );
      const watchdog = new FollowWatchdog(this.#adb, this.#clock, serial, stream, () => sinks.size > 0);
      route = { stream, assembler, running, sinks, started: stream.start(), goneListeners, probe, watchdog };
      self = route;
      this.#devices.set(serial, route);
      const failed = route;
      route.started.catch(() => {
        watchdog.stop();
        if (this.#devices.get(serial) === failed) this.#devices.delete(serial);
      });
    } else {
      // A follow in a long backoff (device offline a while) retries now: this execution wants its lines.
      route.stream.wake();
    }
    const set = route.sinks.get(commandId) ?? new Set();
    set.add(sink);
    route.sinks.set(commandId, set);
    let goneListener: ((adbState: string) => void) | undefined;
    const unsubscribe = async () => {
      if (goneListener !== undefined) route.goneListeners.delete(goneListener);
      set.delete(sink);
      if (set.size === 0 && route.sinks.get(commandId) === set) route.sinks.delete(commandId);
      if (!this.#keepAlive && route.sinks.size === 0 && this.#devices.get(serial) === route) {
        this.#devices.delete(serial);
        route.watchdog.stop();
        await route.stream.stop();
      }
      // The last waiter of a follow that is failing left: decide now whether the device is gone, not after the
      // rest of a backoff.
      if (this.#keepAlive && route.sinks.size === 0 && route.stream.status.failures > 0) route.stream.wake();
    };
    try {
      await route.started;
    } catch (error) {
      await unsubscribe();
      throw error;
    }
    const goneListeners = route.goneListeners;
    return {
      status: route.stream.status,
      onDeviceGone(listener) {
        goneListener = listener;
        goneListeners.add(listener);
      },
      unsubscribe,
    };
  }

  /** The status of the follow of `serial`, or undefined when none runs (never started, stopped, or let go). */
  followOf(serial: string): LogStreamStatus | undefined {
    return this.#devices.get(serial)?.stream.status;
  }

  /**
   * An execution timed out while the follow of `serial` claimed to be open: it may be dead without knowing it, so it
   * is dropped and reopened from the last entry it saw (the next execution does not pay for it too).
   */
  rebuildIfOpen(serial: string): void {
    const route = this.#devices.get(serial);
    if (route === undefined || !route.stream.status.open) return;
    route.stream.status.watchdogRebuilds = (route.stream.status.watchdogRebuilds ?? 0) + 1;
    route.stream.rebuild();
  }

  async close(): Promise<void> {
    const routes = [...this.#devices.values()];
    this.#devices.clear();
    for (const route of routes) route.watchdog.stop();
    await Promise.all(routes.map((route) => route.stream.stop()));
  }

  /**
   * After a failed attempt: true (and the route is forgotten) when nobody waits and the device is not listed by the
   * adb server any more, or has failed IDLE_FAILURE_LIMIT times in a row. While an execution waits the follow goes
   * on (with backoff): the device may come back with the envelope, and the execution's deadline bounds the wait.
   */
  async #letGo(serial: string, route: DeviceRoute, failures: number): Promise<boolean> {
    if (route.sinks.size > 0) {
      // Executions wait: find out whether the device is gone, so they need not wait out their deadline.
      route.probe.start();
      return false;
    }
    // When the adb server cannot be asked, the device counts as listed: the failure limit still applies.
    const gone =
      failures >= IDLE_FAILURE_LIMIT ||
      !(await this.#adb.listDevices().then(
        (devices) => devices.some((device) => device.serial === serial),
        () => true,
      ));
    // Checked again after the round trip: an execution may have subscribed meanwhile.
    if (!gone || route.sinks.size > 0 || this.#devices.get(serial) !== route) return false;
    this.#devices.delete(serial);
    route.watchdog.stop();
    return true;
  }

  #route(
    sinks: Map<string, Set<LineSink>>,
    running: Map<number | undefined, string>,
    status: LogStreamStatus,
    assembled: AssembledLine,
  ): void {
    const { line, source } = assembled;
    if (line.kind === 'command' && line.phase === 'start') running.set(source.uid, line.commandId);
    if (sinks.size > 0) this.#deliver(sinks, running, status, assembled);
    // The result line ends the writer's execution: its later step lines belong to the next one.
    if (line.kind === 'result' && running.get(source.uid) === commandIdNamedIn(line.json)) running.delete(source.uid);
  }

  #deliver(
    sinks: Map<string, Set<LineSink>>,
    running: Map<number | undefined, string>,
    status: LogStreamStatus,
    { line, source }: AssembledLine,
  ): void {
    if (line.kind === 'payload_rejected') {
      for (const set of sinks.values()) for (const sink of set) sink(line, source);
      return;
    }
    const named = commandIdOfLine(line, commandIdNamedIn);
    const commandId = named ?? (namesNoCommand(line) ? running.get(source.uid) : undefined);
    if (commandId === undefined) {
      if (line.kind === 'result' || line.kind === 'result_chunk') status.linesNamingNoCommand++;
      return;
    }
    for (const sink of sinks.get(commandId) ?? []) sink(line, source);
  }
}

/** Lines that never name a commandId (0.5.x): they belong to the writer's running execution. */
function namesNoCommand(line: OperatorLine): boolean {
  return line.kind === 'step_start' || line.kind === 'step_returned' || line.kind === 'hierarchy';
}
