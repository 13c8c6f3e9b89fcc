// How each device tool reads on the command line: its command words, which arguments are positional, and a help
// example. Every other argument of the tool is a flag (`maxLines` → `--max-lines <value>`, a boolean → a switch).
export interface ToolShape {
  /** The tool's name (toolbox/catalog.ts). */
  readonly tool: string;
  /** `['clipboard', 'get']` registers `svc clipboard get`. */
  readonly words: readonly string[];
  readonly positionals?: readonly string[];
  /** Positionals that may be left out. */
  readonly optional?: readonly string[];
  readonly examples: readonly string[];
}

export const TOOL_SHAPES: readonly ToolShape[] = [
  { tool: 'foreground', words: ['foreground'], examples: ['svc foreground'] },
  { tool: 'screen', words: ['screen'], examples: ['svc screen --output pretty'] },
  {
    tool: 'rotate',
    words: ['rotate'],
    positionals: ['orientation'],
    examples: ['svc rotate landscape', 'svc rotate auto'],
  },
  { tool: 'apps', words: ['apps'], examples: ['svc apps', 'svc apps --all'] },
  { tool: 'install', words: ['install'], positionals: ['apk'], examples: ['svc install app-debug.apk'] },
  { tool: 'uninstall', words: ['uninstall'], positionals: ['package'], examples: ['svc uninstall com.example.app'] },
  { tool: 'double-tap', words: ['double-tap'], positionals: ['x', 'y'], examples: ['svc double-tap 540 1200'] },
  {
    tool: 'long-press',
    words: ['long-press'],
    positionals: ['x', 'y'],
    examples: ['svc long-press 540 1200 --duration-ms 1500'],
  },
  {
    tool: 'swipe',
    words: ['swipe'],
    positionals: ['x1', 'y1', 'x2', 'y2'],
    examples: ['svc swipe 540 1800 540 600', 'svc swipe 900 1200 100 1200 --duration-ms 150'],
  },
  {
    tool: 'location',
    words: ['location'],
    positionals: ['latitude', 'longitude'],
    examples: ['svc location 48.8584 2.2945 --device emulator-5554'],
  },
  { tool: 'keyboard-install', words: ['keyboard', 'install'], examples: ['svc keyboard install --device R58M31ABCDE'] },
];

/** What each group of device tools (`svc clipboard get`, ...) is, as the command list shows it. */
export const TOOL_GROUPS: Readonly<Record<string, string>> = {
  clipboard: 'the device clipboard',
  keyboard: 'the Unicode keyboard: type any text on a phone without the operator app',
  record: 'screen recording',
};

/** The top-level command words the device tools register (for the command table). */
export const TOOL_COMMAND_WORDS: readonly string[] = [...new Set(TOOL_SHAPES.map((shape) => shape.words[0] as string))];

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
