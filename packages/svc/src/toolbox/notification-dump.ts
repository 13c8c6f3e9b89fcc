// Reads the "Notification List" of `dumpsys notification --noredact` into notifications. Each record is
// NotificationRecord.dump's text, whose layout differs by release (AOSP services/core/java/com/android/server/
// notification/NotificationRecord.java): Android 5-6 print fields 2 spaces under the record and never print a text
// extra's value (`android.title=String`); Android 7-9 print `android.title=String (text)` when not redacted;
// Android 10 and later nest the Notification's own fields under `notification=` (with `when=`), dump the public
// version after `publicNotification=`, and print a redacted text as `String [length=N]`. So the reader keys on
// names, not indents: the header line, `key=`-style fields, the `actions={` and `extras={` blocks of the first
// notification only, and an extra's value that may run over several lines (a text with line breaks).

export interface DumpedNotification {
  key: string;
  app: string;
  id: number;
  tag: string | null;
  title: string | null;
  text: string | null;
  bigText: string | null;
  subText: string | null;
  category: string | null;
  ongoing: boolean;
  clearable: boolean;
  /** The notification's time (Notification.when, else the ranking time), epoch ms; null when the dump has none. */
  time: number | null;
  /** When it was last posted or updated (mUpdateTimeMs, else the creation or ranking time): what "new" compares. */
  postedMs: number | null;
  actions: string[];
  /** The phone printed the text extras without their values (Android 5-6 always, any release without --noredact). */
  textHidden: boolean;
}

const FLAG_ONGOING_EVENT = 0x2;
const FLAG_NO_CLEAR = 0x20;
const TEXT_KEYS = {
  'android.title': 'title',
  'android.text': 'text',
  'android.bigText': 'bigText',
  'android.subText': 'subText',
} as const;

const indentOf = (line: string) => line.length - line.trimStart().length;

/** `0x62`, or the names Notification.flagsToString prints on newer releases (`ONGOING_EVENT|NO_CLEAR`). */
function parseFlags(value: string): number {
  if (/^0x[0-9a-f]+$/i.test(value)) return Number.parseInt(value.slice(2), 16);
  let flags = 0;
  if (/\bONGOING_EVENT\b/.test(value)) flags |= FLAG_ONGOING_EVENT;
  if (/\bNO_CLEAR\b/.test(value)) flags |= FLAG_NO_CLEAR;
  return flags;
}

interface Draft {
  n: DumpedNotification;
  flags: number | undefined;
  times: Record<string, number>;
  /** Past `publicNotification=` (at this indent): the lines under it describe the redacted public version. */
  publicIndent: number | undefined;
  hiddenKeys: number;
}

function startRecord(header: string): Draft | undefined {
  const app = /\bpkg=(\S+)/.exec(header)?.[1];
  const key = /\bkey=(.+?): Notification\(/.exec(header)?.[1] ?? /\bkey=(\S+?)\)*$/.exec(header)?.[1];
  if (app === undefined || key === undefined) return undefined;
  const tag = / tag=(.*?) (?:score=|importance=|key=)/.exec(header)?.[1];
  const flags = /Notification\(.*?\bflags=(\S+)/.exec(header)?.[1];
  return {
    n: {
      key,
      app,
      id: Number(/ id=(-?\d+)/.exec(header)?.[1] ?? 0),
      tag: tag === undefined || tag === 'null' ? null : tag,
      title: null,
      text: null,
      bigText: null,
      subText: null,
      category: /Notification\(.*?\bcategory=(\S+?)[\s)]/.exec(header)?.[1] ?? null,
      ongoing: false,
      clearable: true,
      time: null,
      postedMs: null,
      actions: [],
      textHidden: false,
    },
    flags: flags === undefined ? undefined : parseFlags(flags),
    times: {},
    publicIndent: undefined,
    hiddenKeys: 0,
  };
}

/** One extra (`key=Type (value)`, `key=Type [length=N]`, `key=Type`, `key=null`) into the draft. */
function takeExtra(draft: Draft, name: string, rest: string): void {
  const field = TEXT_KEYS[name as keyof typeof TEXT_KEYS];
  if (field === undefined) return;
  if (rest === 'null') return;
  const shown = /^\w+ \(([\s\S]*)\)$/.exec(rest);
  if (shown) draft.n[field] = shown[1] as string;
  else draft.hiddenKeys++;
}

function finish(draft: Draft): DumpedNotification {
  const { n, times } = draft;
  const flags = draft.flags ?? 0;
  n.ongoing = (flags & FLAG_ONGOING_EVENT) !== 0;
  n.clearable = (flags & (FLAG_ONGOING_EVENT | FLAG_NO_CLEAR)) === 0;
  const first = (...names: string[]) => names.map((name) => times[name]).find((t) => t !== undefined && t > 0);
  n.time = first('when', 'mRankingTimeMs', 'mCreationTimeMs') ?? null;
  n.postedMs = first('mUpdateTimeMs', 'mCreationTimeMs', 'mRankingTimeMs', 'when') ?? null;
  n.textHidden = draft.hiddenKeys > 0 && n.title === null && n.text === null;
  return n;
}

const TIME_FIELDS = /^(when|mRankingTimeMs|mCreationTimeMs|mUpdateTimeMs)=(\d+)$/;

/** The notifications of a dump, in the dump's order. */
export function parseNotificationDump(dump: string): DumpedNotification[] {
  const lines = dump.split(/\r?\n/);
  const out: DumpedNotification[] = [];
  let inList = false;
  let draft: Draft | undefined;
  let block: { kind: 'actions' | 'extras'; itemIndent: number | undefined; closeIndent: number } | undefined;
  let extra: { name: string; value: string } | undefined;
  const closeExtra = () => {
    if (extra && draft) takeExtra(draft, extra.name, extra.value);
    extra = undefined;
  };
  const closeRecord = () => {
    closeExtra();
    block = undefined;
    if (draft) out.push(finish(draft));
    draft = undefined;
  };
  for (const line of lines) {
    const trimmed = line.trim();
    if (!inList) {
      inList = /^Notification List:$/.test(trimmed);
      continue;
    }
    if (block?.kind === 'extras' && draft) {
      const indent = indentOf(line);
      const keyLine = /^([\w.$-]+)=(.*)$/.exec(trimmed);
      const isItem = keyLine !== null && (block.itemIndent === undefined || indent === block.itemIndent);
      if (isItem && keyLine) {
        closeExtra();
        block.itemIndent ??= indent;
        extra = { name: keyLine[1] as string, value: keyLine[2] as string };
        continue;
      }
      if (trimmed === '}' && indent <= block.closeIndent) {
        closeExtra();
        block = undefined;
        continue;
      }
      // A line of a text value that holds line breaks.
      if (extra) extra.value += `\n${line}`;
      continue;
    }
    if (trimmed.startsWith('NotificationRecord(')) {
      closeRecord();
      draft = startRecord(trimmed);
      continue;
    }
    if (trimmed !== '' && indentOf(line) <= 2) {
      // The list ends where the dump's next section starts.
      closeRecord();
      inList = /^Notification List:$/.test(trimmed);
      continue;
    }
    if (!draft) continue;
    if (block?.kind === 'actions') {
      const action = /^\[\d+\] "(.*)" -> /.exec(trimmed);
      if (action) draft.n.actions.push(action[1] as string);
      else if (trimmed === '}') block = undefined;
      continue;
    }
    if (draft.publicIndent !== undefined && indentOf(line) <= draft.publicIndent) draft.publicIndent = undefined;
    if (trimmed === 'publicNotification=') draft.publicIndent = indentOf(line);
    if (draft.publicIndent !== undefined) continue;
    if (trimmed === 'actions={') block = { kind: 'actions', itemIndent: undefined, closeIndent: indentOf(line) + 2 };
    else if (trimmed === 'extras={') block = { kind: 'extras', itemIndent: undefined, closeIndent: indentOf(line) };
    const flags = /(?:^|\s)flags=(\S+)$/.exec(trimmed);
    if (flags && draft.flags === undefined) draft.flags = parseFlags(flags[1] as string);
    const time = TIME_FIELDS.exec(trimmed);
    if (time) draft.times[time[1] as string] = Number(time[2]);
  }
  closeRecord();
  return out;
}
