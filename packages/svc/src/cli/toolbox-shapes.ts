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
  {
    tool: 'logs',
    words: ['logs'],
    examples: ['svc logs --package com.example.app --since 5m --level W', 'svc logs --grep timeout --max-lines 50'],
  },
  {
    tool: 'crashes',
    words: ['crashes'],
    examples: ['svc crashes', 'svc crashes --package com.example.app --since 1h'],
  },
  { tool: 'crash', words: ['crash'], positionals: ['id'], examples: ['svc crash data_app_crash@1767261234000'] },
  { tool: 'clipboard-get', words: ['clipboard', 'get'], examples: ['svc clipboard get'] },
  {
    tool: 'clipboard-set',
    words: ['clipboard', 'set'],
    positionals: ['text'],
    examples: ["svc clipboard set 'hello'"],
  },
  { tool: 'record-start', words: ['record', 'start'], examples: ['svc record start --time-limit-s 30'] },
  { tool: 'record-stop', words: ['record', 'stop'], examples: ['svc record stop'] },
  {
    tool: 'record-pull',
    words: ['record', 'pull'],
    positionals: ['recordingId'],
    optional: ['recordingId'],
    examples: ['svc record pull --out demo.mp4'],
  },
  {
    tool: 'notifications',
    words: ['notifications'],
    examples: [
      'svc notifications --app com.google.android.gm',
      'svc notifications --wait --app com.example.bank --extract code --timeout 60000',
    ],
  },
  {
    tool: 'notification',
    words: ['notification'],
    positionals: ['do', 'key', 'action'],
    optional: ['key', 'action'],
    examples: [
      'svc notification shade-open',
      "svc notification open '0|com.example.app|1|null|10123'",
      "svc notification action '0|com.google.android.apps.messaging|3|null|10140' Reply --reply 'On my way'",
    ],
  },
  { tool: 'sms', words: ['sms'], examples: ['svc sms --max 5'] },
];

/** What each group of device tools (`svc clipboard get`, ...) is, as the command list shows it. */
export const TOOL_GROUPS: Readonly<Record<string, string>> = {
  clipboard: 'the device clipboard',
  record: 'screen recording',
};

/** The top-level command words the device tools register (for the command table). */
export const TOOL_COMMAND_WORDS: readonly string[] = [...new Set(TOOL_SHAPES.map((shape) => shape.words[0] as string))];

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
