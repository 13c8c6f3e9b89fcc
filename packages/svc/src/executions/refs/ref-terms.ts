// What each element a ref was handed out for showed (its text, label, id and role), so a STALE_REF can name the
// elements on screen now that come closest to what the ref was. Kept in this process's memory only, keyed by the
// element's salted identity hash: the refs file on disk holds no screen text. The process that hands refs out is the
// one that takes them back (the device's daemon, the MCP server, `svc serve`); a one-shot process that did not read
// the screen itself answers with the screen alone.
import type { NodeMatcher } from '../../contracts/types.ts';
import { inferRole, type Screen, selectorThroughText, shortResourceId, type UiTree } from '../../ui/index.ts';

/** Enough for many screens of many clients; the oldest are dropped first. */
const MAX_TERMS = 20_000;
const terms = new Map<string, NodeMatcher>();

/** Keeps the terms of every element of `screen`, by the salted identity hash each has in the client's record. */
export function rememberTerms(tree: UiTree, screen: Screen, identities: readonly string[]): void {
  screen.elements.forEach((element, i) => {
    const identity = identities[i];
    if (identity === undefined) return;
    const { node } = element;
    // A row without text of its own is known by a text it shows.
    const text = node.text.trim() !== '' ? node.text : selectorThroughText(tree, node)?.textEquals;
    const matcher: NodeMatcher = {
      ...(text === undefined || text.trim() === '' ? {} : { textEquals: text }),
      ...(node.desc.trim() === '' ? {} : { contentDescEquals: node.desc }),
      ...(node.resourceId === '' ? {} : { resourceId: shortResourceId(node.resourceId) }),
      role: inferRole(node),
    };
    terms.delete(identity);
    terms.set(identity, matcher);
  });
  for (const oldest of terms.keys()) {
    if (terms.size <= MAX_TERMS) break;
    terms.delete(oldest);
  }
}

/** What the element of this identity hash showed when its ref was handed out, if this process handed it out. */
export const termsOf = (identity: string): NodeMatcher | undefined => terms.get(identity);
