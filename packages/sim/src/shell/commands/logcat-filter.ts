// logcat's tag filters (android_log_addFilterString): `Tag:I *:S`, `-s`, ANDROID_LOG_TAGS. The most recent rule
// for a tag wins; tags without a rule fall back to the `*` priority (verbose unless set).
import type { LogPriority } from '../../device/types.ts';

const LEVEL: Record<string, number> = { V: 2, D: 3, I: 4, W: 5, E: 6, F: 7, S: 8 };

export function priorityLevel(priority: LogPriority): number {
  return LEVEL[priority] ?? 2;
}

export class LogFilter {
  #global = LEVEL.V as number;
  readonly #tags = new Map<string, number>();

  /** Adds one rule like `Tag`, `Tag:I`, `*:S`; false when it is malformed (logcat rejects the command line). */
  addRule(rule: string): boolean {
    const colon = rule.lastIndexOf(':');
    const tag = colon < 0 ? rule : rule.slice(0, colon);
    const letter = colon < 0 ? undefined : rule.slice(colon + 1).toUpperCase();
    let level: number;
    if (letter === undefined) level = tag === '*' ? (LEVEL.D as number) : (LEVEL.V as number);
    else if (letter === '*') level = LEVEL.V as number;
    else if (letter.length === 1 && LEVEL[letter] !== undefined) level = LEVEL[letter] as number;
    else return false;
    if (tag === '*') this.#global = level;
    else {
      this.#tags.delete(tag);
      this.#tags.set(tag, level);
    }
    return true;
  }

  /** Whitespace-separated rules; false on the first malformed one. */
  addRules(text: string): boolean {
    return text
      .split(/\s+/)
      .filter(Boolean)
      .every((rule) => this.addRule(rule));
  }

  accepts(tag: string, priority: LogPriority): boolean {
    return priorityLevel(priority) >= (this.#tags.get(tag) ?? this.#global);
  }
}
