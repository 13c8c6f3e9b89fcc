// The help of a flag several commands take, written once: `svc help <command>` says the same of it everywhere.
export const FLAG_HELP = {
  all: 'return every match',
  clear: 'accepted for compatibility; has no effect',
  direction: 'down (default), up, left or right',
  key: 'a key name (back, home, enter, ...) or an Android key code',
  longClick: 'long click',
  maxSwipes: 'at most this many swipes (1..50)',
  submit: 'press enter after typing',
  textToEnter: 'the text to enter',
} as const;

/** A flag of `scroll-until` that only `--click` reads says so first. */
export const withClick = (help: string): string => `with --click: ${help}`;
