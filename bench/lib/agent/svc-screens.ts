// What svc's scripted agent keeps of the screens it read, as an agent keeps them in its context: each element as its
// line last showed it (by ref), and which refs are on screen now. svc returns the screen with every action, whole
// (`# com.svc.login 1080x2400, 6 elements`, then a line per element) or as what changed since the client's last read
// (`# com.android.settings 1080x2400: 2 new, 18 as before, again e1-e20, gone e21-e27`): the lines listed replace or
// add, the refs after `again` are back as read earlier, the refs after `gone` left.
import { type Element, parseSvcCompact, type Screen } from './screen.ts';

/** `e21-e23 e30` as e21 e22 e23 e30. */
function expandRefs(words: string): string[] {
  return words.split(' ').flatMap((word) => {
    const range = /^e(\d+)-e(\d+)$/.exec(word);
    if (range === null) return word === '' ? [] : [word];
    const out: string[] = [];
    for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(`e${n}`);
    return out;
  });
}

/** The refs a diff's header names after `label` (`gone`, `again`). */
function named(summary: string, label: string): string[] {
  const part = summary.split(', ').find((item) => item.startsWith(`${label} `));
  return part === undefined ? [] : expandRefs(part.slice(label.length + 1));
}

export class SvcScreens {
  readonly #seen = new Map<string, Element>();
  #current: string[] = [];

  /** The screen a tool's text leaves the agent with (its last screen block), or undefined when it shows none. */
  read(text: string): Screen | undefined {
    const lines = text.split('\n');
    const at = lines.findLastIndex((line) => line.startsWith('# '));
    if (at === -1) return undefined;
    const listed = parseSvcCompact(lines.slice(at + 1).join('\n')).elements;
    for (const element of listed) this.#seen.set(element.ref, element);
    const summary = /^# [^:]*: (.*)$/.exec(lines[at] as string)?.[1];
    if (summary === undefined) {
      this.#current = listed.map((element) => element.ref);
      return this.screen(false);
    }
    const gone = new Set(named(summary, 'gone'));
    const next = this.#current.filter((ref) => !gone.has(ref));
    for (const ref of [...named(summary, 'again'), ...listed.map((element) => element.ref)]) {
      if (!next.includes(ref)) next.push(ref);
    }
    this.#current = next;
    return this.screen(true);
  }

  /** The elements on screen; put together from several reads, they are read top to bottom, left to right. */
  screen(pieced: boolean): Screen {
    const elements = this.#current.flatMap((ref) => {
      const element = this.#seen.get(ref);
      return element === undefined ? [] : [element];
    });
    if (pieced) elements.sort((a, b) => a.bounds.top - b.bounds.top || a.bounds.left - b.bounds.left);
    return { elements };
  }
}
