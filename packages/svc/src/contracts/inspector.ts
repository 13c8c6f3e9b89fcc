// What the web inspector's API answers, shared by the server (server/inspector/, ui/selectors.ts) and the page
// (inspector-web/, which may import types of the contracts only). Types only.
import type { NodeMatcher } from './types.ts';

/** A node as the page draws it: bounds as [left, top, right, bottom], every dump attribute, the inferred role. */
export interface PageNode {
  order: number;
  parent: number | null;
  depth: number;
  bounds: [number, number, number, number];
  visible: boolean;
  role: string | null;
  attributes: Readonly<Record<string, string>>;
}

/** A matcher, optionally scoped to the first node its container matcher finds (read_text's `container`). */
export interface Selector {
  matcher: NodeMatcher;
  container?: NodeMatcher;
}

export interface SelectorCount {
  /** Visible nodes the selector finds on this screen. */
  count: number;
  /** Document order of the node an action would use (the first match), or null when nothing matches. */
  first: number | null;
  /** Document order of every match (the page outlines them on the picture). */
  matches: number[];
}

export interface Candidate extends Selector, SelectorCount {
  /** How it was made, most stable first (ui/selectors.ts STABILITY). */
  kind: string;
  /** True when the first match is the node asked about or inside it, so an act with this selector lands there. */
  hitsNode: boolean;
}
