// The device as the adb driver sees it: shell commands whose exit status is read from a sentinel line (devices
// below API 24 have no shell protocol v2, so adb carries no exit status: the sentinel works on every level), the
// API level (read once per device and context), and a per-device queue for `uiautomator dump` (one UiAutomation
// client at a time: a second one fails with "already registered", and an abandoned one breaks the next dump).
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';

/** Printed after a command with its exit status: `<sentinel><status>` on a line of its own. */
export const RC_SENTINEL = '__svc_rc=';

export interface ShellResult {
  /** stdout (and, for commands run with 2>&1 or on legacy shells, stderr) before the sentinel line. */
  output: string;
  /**
   * The command's exit status, from the sentinel; -1 when the sentinel never came: the shell ended before it (a
   * cable pulled, adbd restarted), so whether the command ran is unknown (device-outcome.ts reads it so).
   */
  status: number;
  /** Anything printed after the sentinel (a command list may print more: the dump file). */
  after: string;
}

/** A sentinel line; what stands before the sentinel on it is the end of output that had no newline of its own. */
const SENTINEL_LINE = new RegExp(`^(.*?)${RC_SENTINEL}(\\d+)\\s*$`);

/**
 * Splits `<output>\n<sentinel><status>\n<after>` at the first sentinel line. Nothing the command prints before it
 * can end a line with the sentinel and a number by accident, and what follows it is ours (the dump file). Output
 * without a final newline (`printf`, a tool cut short) leaves the sentinel after its last characters: still read.
 */
export function splitAtSentinel(text: string): ShellResult {
  const lines = text.replaceAll('\r\n', '\n').split('\n');
  const at = lines.findIndex((line) => SENTINEL_LINE.test(line));
  if (at === -1) return { output: lines.join('\n'), status: -1, after: '' };
  const [, before = '', rc = ''] = SENTINEL_LINE.exec(lines[at] as string) ?? [];
  return {
    output: [...lines.slice(0, at), ...(before === '' ? [] : [before])].join('\n'),
    status: Number(rc),
    after: lines.slice(at + 1).join('\n'),
  };
}

/** What a device never changes while svc talks to it, read once per device and context (a daemon keeps it). */
interface DeviceFacts {
  sdk?: number;
}

const FACTS = Symbol('adb driver device facts');

function factsOf(ctx: SvcContext, serial: string): DeviceFacts {
  const all = ctx.shared(FACTS, () => new Map() as Map<string, DeviceFacts> & { close?(): Promise<void> });
  let facts = all.get(serial);
  if (facts === undefined) {
    facts = {};
    all.set(serial, facts);
  }
  return facts;
}

export class DeviceShell {
  readonly serial: string;
  readonly #ctx: SvcContext;
  readonly #facts: DeviceFacts;

  constructor(ctx: SvcContext, serial: string) {
    this.#ctx = ctx;
    this.serial = serial;
    this.#facts = factsOf(ctx, serial);
  }

  /** Runs `command` (already quoted for the device's sh) and reads its exit status from the sentinel. */
  async run(command: string, then = ''): Promise<ShellResult> {
    const line = `${command}; echo "${RC_SENTINEL}$?"${then === '' ? '' : `; ${then}`}`;
    const out = await this.#ctx.adb.shell(this.serial, line);
    const result = splitAtSentinel(out.stdout);
    // With shell protocol v2 stderr comes apart; it belongs to the command's output.
    if (out.stderr !== '') result.output = `${result.output}${result.output === '' ? '' : '\n'}${out.stderr}`;
    return result;
  }

  /** Output of a command whose exit status does not matter (dumpsys, getprop). */
  async read(command: string): Promise<string> {
    return (await this.#ctx.adb.shell(this.serial, command)).stdout.replaceAll('\r\n', '\n');
  }

  /** `ro.build.version.sdk`, read once. */
  async sdk(): Promise<number> {
    if (this.#facts.sdk === undefined) {
      const text = (await this.read('getprop ro.build.version.sdk')).trim();
      const level = Number(text);
      if (!Number.isInteger(level) || level <= 0) {
        throw new SvcError(
          'DEVICE_SHELL_UNAVAILABLE',
          `getprop ro.build.version.sdk answered ${JSON.stringify(text)}.`,
          {
            deviceId: this.serial,
          },
        );
      }
      this.#facts.sdk = level;
    }
    return this.#facts.sdk;
  }

  execOut(command: string): Promise<Uint8Array> {
    return this.#ctx.adb.execOut(this.serial, command);
  }
}

const DUMP_QUEUES = Symbol('uiautomator dump queue per device');

/**
 * Runs `task` after every earlier dump of the device has finished, whatever became of its caller: a dump is never
 * abandoned mid-run and never overlaps another (one UiAutomation client per device).
 */
export function serializedPerDevice<T>(ctx: SvcContext, serial: string, task: () => Promise<T>): Promise<T> {
  const queues = ctx.shared(
    DUMP_QUEUES,
    () =>
      new Map<string, Promise<unknown>>() as Map<string, Promise<unknown>> & {
        close?(): Promise<void>;
      },
  );
  const previous = queues.get(serial) ?? Promise.resolve();
  const next = previous.then(task, task);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(serial, settled);
  void settled.then(() => {
    if (queues.get(serial) === settled) queues.delete(serial);
  });
  return next;
}
