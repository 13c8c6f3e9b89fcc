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
];

/** What each group of device tools (`svc clipboard get`, ...) is, as the command list shows it. */
export const TOOL_GROUPS: Readonly<Record<string, string>> = {
  clipboard: 'the device clipboard',
  record: 'screen recording',
};

/** The top-level command words the device tools register (for the command table). */
export const TOOL_COMMAND_WORDS: readonly string[] = [...new Set(TOOL_SHAPES.map((shape) => shape.words[0] as string))];

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
