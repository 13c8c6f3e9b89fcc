// `input [source] tap|swipe|text|keyevent ...`: delegated to the UI host (physical pixels). Each call takes
// `timing.inputMs` (a JVM start on a phone). `text` types through the virtual keyboard's key map, which has no keys
// for characters outside ASCII: a real device then fails with a NullPointerException (KeyCharacterMap.getEvents
// returns null; mobile-next/mobile-mcp#78) and types nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import type { InputEvent } from '../../device/input-log.ts';
import { commitThroughIme } from '../../device/input-methods.ts';
import type { DeviceApi, ShellCommand, ShellIO } from '../../device/types.ts';
import { injectionDenied, injectionDeniedOutput } from '../../faults/input-faults.ts';
import { settlePages } from '../../web/device-pages.ts';

const SOURCES = new Set([
  'keyboard',
  'mouse',
  'joystick',
  'touchnavigation',
  'touchpad',
  'trackball',
  'dpad',
  'stylus',
  'gamepad',
  'touchscreen',
  'rotaryencoder',
]);

const USAGE = `Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]

The commands and default sources are:
      text <string> (Default: keyboard)
      keyevent [--longpress|--duration <duration to hold key down in ms>] [--doubletap] [--async] [--delay <duration between keycodes in ms>] <key code number or name> ... (Default: keyboard)
      tap <x> <y> (Default: touchscreen)
      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
`;

async function invalid(io: ShellIO, command: string): Promise<number> {
  await io.writeStderr(`Error: Invalid arguments for command: ${command}\n${USAGE}`);
  return 1;
}

/** Characters the virtual keyboard's key map can type (KeyCharacterMap.VIRTUAL_KEYBOARD). */
const TYPABLE = /^[\x20-\x7e\n\t]*$/;

/**
 * The NullPointerException of `input text` with an untypable character. Since Android 11 (API 30) `input` runs in
 * the system server as a shell command, which reports the exception and exits 255 (BasicShellCommandHandler);
 * before, the `input` tool died of it in its own process.
 */
async function untypable(io: ShellIO, device: DeviceApi): Promise<number> {
  const npe = 'java.lang.NullPointerException: Attempt to get length of null array';
  if (Number(device.props.get('ro.build.version.sdk') ?? 35) >= 30) {
    await io.writeStderr(
      `Exception occurred while executing 'text':\n${npe}\n` +
        '\tat com.android.server.input.InputShellCommand.sendText(InputShellCommand.java:339)\n' +
        '\tat com.android.server.input.InputShellCommand.runText(InputShellCommand.java:315)\n' +
        '\tat com.android.server.input.InputShellCommand.onCommand(InputShellCommand.java:148)\n',
    );
    return 255;
  }
  await io.writeStderr(
    `Exception in thread "main" ${npe}\n` +
      '\tat com.android.commands.input.Input.sendText(Input.java:168)\n' +
      '\tat com.android.commands.input.Input.run(Input.java:95)\n' +
      '\tat com.android.commands.input.Input.main(Input.java:58)\n',
  );
  return 1;
}

/** `%s` is how adb users write a space; `%%s` leaves one `%` (InputShellCommand.sendText's loop). */
function spacesFromPercentS(text: string): string {
  return text.replace(/%s/g, ' ');
}

function numbers(values: readonly string[]): number[] | undefined {
  const parsed = values.map(Number);
  return parsed.every((n, i) => Number.isFinite(n) && values[i] !== '') ? parsed : undefined;
}

const COMMANDS = new Set(['tap', 'swipe', 'text', 'keyevent']);

export const input: ShellCommand = async (argv, io, device) => {
  const args = [...argv];
  if (SOURCES.has(args[0] ?? '')) args.shift();
  let display: number | undefined;
  if (args[0] === '-d') display = Number(args.splice(0, 2)[1]);
  const [command, ...rest] = args;
  if (device.timing.inputMs > 0 && command !== undefined) {
    await sleep(device.timing.inputMs, undefined, { signal: io.signal }).catch(() => {});
  }
  if (command !== undefined && COMMANDS.has(command) && injectionDenied(device.faults)) {
    const denied = injectionDeniedOutput(Number(device.props.get('ro.build.version.sdk') ?? 35), command);
    await io.writeStderr(denied.stderr);
    return denied.status;
  }
  const received = (event: InputEvent) =>
    device.inputs.record(event, { time: device.now(), ...(display === undefined ? {} : { display }) });
  const touched = (x: number, y: number) => {
    const node = device.ui.touchedNodeAt?.(x, y);
    return node === undefined ? {} : { node };
  };
  switch (command) {
    case 'tap': {
      const xy = rest.length === 2 ? numbers(rest) : undefined;
      if (!xy) return invalid(io, command);
      const [x, y] = xy as [number, number];
      received({ kind: 'tap', x, y, ...touched(x, y) });
      device.ui.tap(x, y);
      await settlePages(device);
      return 0;
    }
    case 'swipe': {
      const values = rest.length === 4 || rest.length === 5 ? numbers(rest) : undefined;
      if (!values) return invalid(io, command);
      const [x1, y1, x2, y2, durationMs = 300] = values as [number, number, number, number, number?];
      received({ kind: 'swipe', x1, y1, x2, y2, durationMs, ...touched(x1, y1) });
      device.ui.swipe(x1, y1, x2, y2, durationMs);
      return 0;
    }
    case 'text': {
      if (rest.length !== 1) return invalid(io, command);
      const text = spacesFromPercentS(rest[0] as string);
      if (!TYPABLE.test(text)) return untypable(io, device);
      received({ kind: 'text', text });
      // The selected keyboard turns the keys into text (the Unicode keyboard decodes modified UTF-7).
      device.ui.inputText(commitThroughIme(device, text));
      await settlePages(device);
      return 0;
    }
    case 'keyevent': {
      // --duration and --delay take a value; --longpress, --doubletap and --async do not.
      const codes = rest.filter(
        (a, i) => !a.startsWith('--') && !['--duration', '--delay'].includes(rest[i - 1] ?? ''),
      );
      if (codes.length === 0) return invalid(io, command);
      for (const code of codes) {
        received({ kind: 'keyevent', code });
        device.ui.keyevent(code);
      }
      await settlePages(device);
      return 0;
    }
  }
  await io.writeStderr(command === undefined ? USAGE : `Error: Unknown command: ${command}\n${USAGE}`);
  return 1;
};
