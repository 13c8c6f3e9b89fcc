// Typing with `input text`: what it can type and how to say it to the device's shell. `input text` types
// printable ASCII only (anything else fails with `java.lang.NullPointerException: Attempt to get length of null
// array`, mobile-next/mobile-mcp#78), turns `%s` into a space, and its argument passes one shell: quoted once,
// never twice (double escaping types the backslashes: openatx/adbutils#197). A newline is the enter key.
import { inputLine, KEYCODE } from './device-input.ts';

export { untypable } from './unicode-keyboard.ts';

/**
 * The shell commands that type `text` exactly: `input text '<chunk>'` per run of text, `input keyevent 66` for each
 * newline. Spaces are sent as `%s`, which `input text` turns into spaces on every API level; a literal `%s` in the
 * text is split between two commands so the device never sees it as one token.
 */
export function typingCommands(text: string, encode: (line: string) => string = (line) => line): string[] {
  const commands: string[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (i > 0) commands.push(inputLine.keys([KEYCODE.ENTER]));
    for (const chunk of encode(line)
      .split('%s')
      .flatMap((part, j) => (j === 0 ? [part] : ['%', `s${part}`]))) {
      if (chunk !== '') commands.push(inputLine.text(chunk.replaceAll(' ', '%s')));
    }
  }
  return commands;
}
