// What the scripted agent knows of a screen: the elements a server listed, each with what it shows (text, label),
// its id, its bounds and its state, read back from that server's own listing (svc's compact snapshot, mobile-mcp's
// element list). The decisions (agent.ts) look only at this, so they are the same for every server.

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Element {
  /** What the server takes to act on this element again (svc `e4`, mobile-mcp `@e8`). */
  ref: string;
  /** The server's kind of element (svc's role, mobile-mcp's class name). */
  kind: string;
  text: string;
  label: string;
  id: string;
  bounds: Bounds;
  /** checked, disabled, ... as the listing says them. */
  flags: Set<string>;
}

export interface Screen {
  elements: Element[];
}

/** The words of a listing line, a JSON string kept whole (`text="A b"` is one word). */
function words(line: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < line.length) {
    if (line[at] === ' ') {
      at++;
      continue;
    }
    let end = at;
    while (end < line.length && line[end] !== ' ') {
      if (line[end] === '"') {
        end++;
        while (end < line.length && line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
      }
      end++;
    }
    out.push(line.slice(at, end));
    at = end;
  }
  return out;
}

const unquote = (value: string) => (value.startsWith('"') ? (JSON.parse(value) as string) : value);

/** svc's compact snapshot: `e4 listitem "Network & internet" desc="..." id=title [0,450][1080,560] tap`. */
export function parseSvcCompact(text: string): Screen {
  const elements: Element[] = [];
  for (const line of text.split('\n')) {
    if (!/^e\d+ /.test(line)) continue;
    const [ref = '', kind = '', ...rest] = words(line);
    const element: Element = { ref, kind, text: '', label: '', id: '', bounds: NO_BOUNDS, flags: new Set() };
    for (const word of rest) {
      const box = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(word);
      if (box) element.bounds = { left: +box[1]!, top: +box[2]!, right: +box[3]!, bottom: +box[4]! };
      else if (word.startsWith('"')) element.text = unquote(word);
      else if (word.startsWith('desc=')) element.label = unquote(word.slice(5));
      else if (word.startsWith('id=')) element.id = unquote(word.slice(3));
      else element.flags.add(word);
    }
    elements.push(element);
  }
  return { elements };
}

/** mobile-mcp's list: `@e8 TextView text="Network & internet" id="...:id/title" at=0,450 size=1080x110 checked`. */
export function parseMobileMcpList(text: string): Screen {
  const elements: Element[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('@e')) continue;
    const [ref = '', kind = '', ...rest] = words(line);
    const element: Element = { ref, kind, text: '', label: '', id: '', bounds: NO_BOUNDS, flags: new Set() };
    let at = [0, 0];
    let size = [0, 0];
    for (const word of rest) {
      const eq = word.indexOf('=');
      const key = eq === -1 ? '' : word.slice(0, eq);
      const value = eq === -1 ? '' : unquote(word.slice(eq + 1));
      if (key === 'text') element.text = value;
      else if (key === 'label') element.label = value;
      else if (key === 'id') element.id = value.includes(':id/') ? value.slice(value.indexOf(':id/') + 4) : value;
      else if (key === 'at') at = value.split(',').map(Number);
      else if (key === 'size') size = value.split('x').map(Number);
      else if (key === '') element.flags.add(word);
    }
    const [x = 0, y = 0] = at;
    const [w = 0, h = 0] = size;
    element.bounds = { left: x, top: y, right: x + w, bottom: y + h };
    elements.push(element);
  }
  return { elements };
}

const NO_BOUNDS: Bounds = { left: 0, top: 0, right: 0, bottom: 0 };

/** What an element shows to a reader: its text, else its label. */
export const shown = (element: Element) => element.text || element.label;

/** The element showing exactly `words` (text or label); undefined when the screen has none. */
export function find(screen: Screen, words: string): Element | undefined {
  return screen.elements.find((element) => element.text === words || element.label === words);
}

/** The first element whose text starts with `prefix`. */
export function findStarting(screen: Screen, prefix: string): Element | undefined {
  return screen.elements.find((element) => element.text.startsWith(prefix));
}

/** A text input: svc says `textfield`, Android class names say EditText. */
export function findInput(screen: Screen, label?: string): Element | undefined {
  return screen.elements.find(
    (element) =>
      (element.kind === 'textfield' || element.kind.endsWith('EditText')) &&
      (label === undefined || element.label === label || element.text === label),
  );
}

/** The value shown right of a label on the same row (a settings or details row). */
export function valueBeside(screen: Screen, label: string): string | undefined {
  const key = find(screen, label);
  if (key === undefined) return undefined;
  const middle = (key.bounds.top + key.bounds.bottom) / 2;
  return screen.elements.find(
    (element) =>
      element !== key &&
      element.text !== '' &&
      element.bounds.left >= key.bounds.right &&
      element.bounds.top <= middle &&
      element.bounds.bottom >= middle,
  )?.text;
}

/** The first element with something to read below `element` (the first entry under a title). */
export function firstBelow(screen: Screen, element: Element): Element | undefined {
  return screen.elements.find(
    (other) => other !== element && shown(other) !== '' && other.bounds.top >= element.bounds.bottom,
  );
}

/** The switch or checkbox showing `words` (svc's roles, or Android class names). */
export function findToggle(screen: Screen, words: string): Element | undefined {
  return screen.elements.find(
    (element) =>
      (element.text === words || element.label === words) && /^(switch|checkbox)$|Switch$|CheckBox$/.test(element.kind),
  );
}

/** True when a checkable element says it is on. */
export const isChecked = (element: Element) => element.flags.has('checked');
