// `input [source] tap|swipe|text|keyevent ...`: delegated to the UI host (physical pixels).
import type { ShellCommand, ShellIO } from '../../device/types.ts';

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

function numbers(values: readonly string[]): number[] | undefined {
  const parsed = values.map(Number);
  return parsed.every((n, i) => Number.isFinite(n) && values[i] !== '') ? parsed : undefined;
}

export const input: ShellCommand = async (argv, io, device) => {
  const args = [...argv];
  if (SOURCES.has(args[0] ?? '')) args.shift();
  if (args[0] === '-d') args.splice(0, 2);
  const [command, ...rest] = args;
  switch (command) {
    case 'tap': {
      const xy = rest.length === 2 ? numbers(rest) : undefined;
      if (!xy) return invalid(io, command);
      device.ui.tap(xy[0] as number, xy[1] as number);
      return 0;
    }
    case 'swipe': {
      const values = rest.length === 4 || rest.length === 5 ? numbers(rest) : undefined;
      if (!values) return invalid(io, command);
      const [x1, y1, x2, y2, duration = 300] = values as [number, number, number, number, number?];
      device.ui.swipe(x1, y1, x2, y2, duration);
      return 0;
    }
    case 'text': {
      if (rest.length !== 1) return invalid(io, command);
      // `input text` turns %s into a space (adb users cannot easily pass spaces otherwise).
      device.ui.inputText((rest[0] as string).replaceAll('%s', ' '));
      return 0;
    }
    case 'keyevent': {
      const codes = rest.filter((a) => !a.startsWith('--'));
      if (codes.length === 0) return invalid(io, command);
      for (const code of codes) device.ui.keyevent(code);
      return 0;
    }
  }
  await io.writeStderr(command === undefined ? USAGE : `Error: Unknown command: ${command}\n${USAGE}`);
  return 1;
};
