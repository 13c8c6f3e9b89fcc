// `echo` as mksh's builtin: -n (no newline) and -e (backslash escapes) as leading options.
import type { ShellCommand } from '../../device/types.ts';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\' };

export const echo: ShellCommand = async (argv, io) => {
  let newline = true;
  let escapes = false;
  let i = 0;
  for (; i < argv.length && /^-[neE]+$/.test(argv[i] ?? ''); i++) {
    const flags = argv[i] as string;
    if (flags.includes('n')) newline = false;
    if (flags.includes('e')) escapes = true;
    if (flags.includes('E')) escapes = false;
  }
  let text = argv.slice(i).join(' ');
  if (escapes) {
    const cut = text.indexOf('\\c');
    if (cut >= 0) {
      text = text.slice(0, cut);
      newline = false;
    }
    text = text.replace(/\\(0[0-7]{0,3}|.)/g, (whole, c: string) =>
      c.startsWith('0') ? String.fromCharCode(Number.parseInt(c.slice(1) || '0', 8)) : (ESCAPES[c] ?? whole),
    );
  }
  await io.writeStdout(newline ? `${text}\n` : text);
  return 0;
};
