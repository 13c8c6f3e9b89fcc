// Refs that stay with their element from one screen to the next, and what changed since the screen a client read
// last. Elements are compared by keys the caller makes (ui/compact.ts identity and line, hashed by the caller so
// nothing here needs the text): an element whose identity is unique on both screens is the same element wherever it
// moved; repeated identities (two unlabelled switches) are told apart by their order, and only while the layout is
// the same. A ref never names another element later: new elements get numbers never used before, and an element
// seen on an earlier screen (going back to it) gets its old ref again. Pure: no I/O.

/** An element of the screen the client read last, as kept between calls. */
export interface KnownElement {
  ref: string;
  identity: string;
  /** The element's whole line (where it is, what it shows, its state): a different one means it changed. */
  line: string;
  /** Its identity was unique on its screen. */
  unique: boolean;
  /**
   * Printed to the client (false: left out by a budget). A left-out element keeps its ref, and a ref to it works,
   * but the next read tells it as new, since the client never read it.
   */
  shown?: boolean;
}

export type PastElement = Pick<KnownElement, 'ref' | 'identity' | 'line'>;

export interface KnownScreen {
  title: string;
  signature: string;
  elements: readonly KnownElement[];
  /**
   * Elements of earlier screens (unique there), newest first: back on screen, they get their ref again, and count as
   * before when they show what the client read then.
   */
  past?: readonly PastElement[];
  /** The number of the next new ref (`e<next>`). */
  next: number;
}

/** How many elements of earlier screens are remembered. */
export const PAST_ELEMENTS = 200;

export interface CurrentElement {
  identity: string;
  line: string;
}

export type ElementStatus = 'same' | 'changed' | 'new';

export interface AssignedRefs {
  refs: string[];
  status: ElementStatus[];
  unique: boolean[];
  /** Refs of the known screen whose element is not on this one. */
  gone: string[];
  /** Elements back from a screen before the known one (not on the known screen): their ref is theirs again. */
  again: boolean[];
  /** The app in front (or the screen size) is not the one of the known screen. */
  appChanged: boolean;
  next: number;
}

function countsOf(identities: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const identity of identities) counts.set(identity, (counts.get(identity) ?? 0) + 1);
  return counts;
}

/** The known element each current element is, by the rules above (undefined: a new element). */
function matchKnown(
  known: KnownScreen | undefined,
  current: readonly CurrentElement[],
  signature: string,
): (KnownElement | undefined)[] {
  if (known === undefined) return current.map(() => undefined);
  const byIdentity = new Map<string, KnownElement[]>();
  for (const element of known.elements)
    byIdentity.set(element.identity, [...(byIdentity.get(element.identity) ?? []), element]);
  const counts = countsOf(current.map((element) => element.identity));
  const sameLayout = known.signature === signature;
  const seen = new Map<string, number>();
  return current.map((element) => {
    const candidates = byIdentity.get(element.identity) ?? [];
    const occurrence = seen.get(element.identity) ?? 0;
    seen.set(element.identity, occurrence + 1);
    const [only] = candidates;
    if (counts.get(element.identity) === 1 && candidates.length === 1 && only?.unique) return only;
    // Repeated elements are the same ones only on the same layout, in the same order.
    if (sameLayout && candidates.length === counts.get(element.identity)) return candidates[occurrence];
    return undefined;
  });
}

export function assignRefs(
  known: KnownScreen | undefined,
  current: readonly CurrentElement[],
  title: string,
  signature: string,
): AssignedRefs {
  // Another app, or another screen size: nothing carries over.
  const usable = known !== undefined && known.title === title ? known : undefined;
  const matched = matchKnown(usable, current, signature);
  let next = known?.next ?? 1;
  const counts = countsOf(current.map((element) => element.identity));
  const taken = new Set(matched.flatMap((element) => (element === undefined ? [] : [element.ref])));
  const earlier = new Map<string, PastElement>();
  for (const element of [...(known?.elements ?? []).filter((e) => e.unique), ...(known?.past ?? [])]) {
    if (!taken.has(element.ref) && !earlier.has(element.identity)) earlier.set(element.identity, element);
  }
  const seen = matched.map((element, i) => {
    if (element !== undefined) return element;
    const identity = current[i]?.identity as string;
    const again = counts.get(identity) === 1 ? earlier.get(identity) : undefined;
    if (again !== undefined) earlier.delete(identity);
    return again;
  });
  const refs = seen.map((element) => element?.ref ?? `e${next++}`);
  const shown = new Map((known?.elements ?? []).map((element) => [element.ref, element.shown !== false]));
  const status = seen.map((element, i): ElementStatus => {
    // An element the client never read (a budget left it out) is new to it, under the ref it already has.
    if (element === undefined || shown.get(element.ref) === false) return 'new';
    return element.line === current[i]?.line ? 'same' : 'changed';
  });
  const kept = new Set(refs);
  const gone = (known?.elements ?? [])
    .filter((element) => element.shown !== false)
    .map((element) => element.ref)
    .filter((ref) => !kept.has(ref));
  const unique = current.map((element) => counts.get(element.identity) === 1);
  const onKnown = new Set((known?.elements ?? []).map((element) => element.ref));
  const again = seen.map((element) => element !== undefined && !onKnown.has(element.ref));
  const appChanged = known !== undefined && known.title !== title;
  return { refs, status, unique, gone, again, appChanged, next };
}

/** What is remembered of earlier screens after this one: the known elements no longer here, then the older ones. */
export function pastAfter(known: KnownScreen | undefined, refs: readonly string[]): PastElement[] {
  const here = new Set(refs);
  const seen = new Set<string>();
  const out: PastElement[] = [];
  for (const element of [...(known?.elements ?? []).filter((e) => e.unique), ...(known?.past ?? [])]) {
    if (here.has(element.ref) || seen.has(element.ref)) continue;
    seen.add(element.ref);
    out.push({ ref: element.ref, identity: element.identity, line: element.line });
    if (out.length === PAST_ELEMENTS) break;
  }
  return out;
}
