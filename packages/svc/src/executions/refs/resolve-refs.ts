// `{ "ref": "e12" }` selectors, resolved on the host before the driver runs, against the screen as it is now: a
// fresh read through the same driver, under the same lock. A ref names an element of the screen its client read
// last (client-screen.ts); it holds while that element is on screen: the one element with its identity (what it
// shows, its id and class: it may have moved), or, for an element repeated on screen, the one at its place while the
// layout is the one read. Otherwise STALE_REF, and nothing is sent. Each use becomes the most stable selector that
// matches only that element, or, for a row without text of its own, only a text it shows (ui/selectors.ts
// selectorThroughText; for a click, one whose click reaches the row); a click that no selector can aim becomes a tap
// at the element's centre (exactly the element that was seen).
import { changesScreen, matcherKeysOf } from '../../contracts/action-rules.ts';
import { SvcError } from '../../contracts/errors.ts';
import { selectorText } from '../../contracts/selector-terms.ts';
import type { Action, NodeMatcher, ValidExecution } from '../../contracts/types.ts';
import {
  centerOf,
  clickTargetOf,
  findFirst,
  readScreen,
  type Screen,
  selectorThroughText,
  type UiNode,
  type UiTree,
  uniqueSelector,
} from '../../ui/index.ts';
import { type ClientKey, type ScreenRecord, saltedHash } from './ref-store.ts';
import { termsOf } from './ref-terms.ts';

const refOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as NodeMatcher).ref : undefined;

/** The params of an action, read by name (the matcher keys differ by action type). */
export const paramsOf = (action: Action): Readonly<Record<string, unknown>> => action.params ?? {};

const refsOf = (action: Action) =>
  matcherKeysOf(action.type).flatMap((key) => {
    const ref = refOf(paramsOf(action)[key]);
    return ref === undefined ? [] : [{ key, ref }];
  });

export function usesRefs(execution: ValidExecution): boolean {
  return execution.actions.some((action) => refsOf(action).length > 0);
}

export function stale(message: string, details: Record<string, unknown>): SvcError {
  return new SvcError('STALE_REF', message, details);
}

/**
 * Refs are resolved when the execution starts, so a ref in a step after one that may change the screen would act on
 * whatever the new screen shows there: refused before anything runs.
 */
export function refuseRefsAfterScreenChange(execution: ValidExecution): void {
  let changer: number | undefined;
  execution.actions.forEach((action, index) => {
    const [first] = refsOf(action);
    if (first !== undefined && changer !== undefined) {
      const by = `actions[${changer}] (${execution.actions[changer]?.type})`;
      throw stale(
        `${first.ref} is used after ${by}, which may change the screen: a ref holds only on the screen it was read on. End the execution there and use the refs of the screen that follows, or use a selector.`,
        { path: `actions[${index}].params.${first.key}.ref`, ref: first.ref, after: `actions[${changer}]` },
      );
    }
    if (changesScreen(action)) changer ??= index;
  });
}

/** What a ref was, in selector terms, when this process handed it out (stale-screen.ts names the closest to it). */
function wasOf(identity: string | undefined): { was?: Record<string, string> } {
  const was = identity === undefined ? undefined : termsOf(identity);
  return was === undefined ? {} : { was: JSON.parse(selectorText(was)) };
}

/** Finds the elements of a client's last read on the screen now. */
export class RefFinder {
  readonly #record: ScreenRecord;
  readonly #screen: Screen;
  readonly #identities: string[];

  constructor(record: ScreenRecord, tree: UiTree) {
    this.#record = record;
    this.#screen = readScreen(tree);
    this.#identities = this.#screen.elements.map((element) => saltedHash(record.salt, element.identity));
  }

  node(ref: string, path: string): UiNode {
    const known = this.#record.elements.find((element) => element.ref === ref);
    if (known === undefined) {
      // An element of an earlier read that left the screen: the record keeps its identity among the past ones.
      const past = this.#record.past?.find((element) => element.ref === ref);
      throw stale(`${ref} is not on the screen last read on this device.`, { path, ref, ...wasOf(past?.identity) });
    }
    const same = this.#screen.elements.filter((_, i) => this.#identities[i] === known.identity);
    const [only] = same;
    if (same.length === 1 && known.unique && only !== undefined) return only.node;
    const sameLayout = this.#screen.signature === this.#record.signature;
    const atPlace = sameLayout ? same.find((element) => element.node.order === known.order) : undefined;
    if (atPlace === undefined) {
      throw stale(`${ref} is no longer on screen as it was read.`, { path, ref, ...wasOf(known.identity) });
    }
    return atPlace.node;
  }
}

/** The action with its refs replaced, as raw input for the validator (which checks it again). */
export function rewriteRefs(action: Action, finder: RefFinder, tree: UiTree, index: number): Record<string, unknown> {
  const params: Record<string, unknown> = { ...action.params };
  for (const key of matcherKeysOf(action.type)) {
    const ref = refOf(params[key]);
    if (ref === undefined) continue;
    const path = `actions[${index}].params.${key}.ref`;
    const node = finder.node(ref, path);
    if (action.type === 'click' && key === 'matcher' && params.clickType !== 'focus') {
      const matcher = clickSelector(tree, node, params.clickType === 'long_click');
      if (matcher !== undefined) params.matcher = matcher;
      else {
        delete params.matcher;
        params.coordinate = centerOf(node.bounds);
      }
      continue;
    }
    // A row without text of its own is reached through the text it shows (a container must be the element itself).
    const matcher = uniqueSelector(tree, node) ?? (key === 'container' ? undefined : selectorThroughText(tree, node));
    if (matcher === undefined) {
      throw new SvcError(
        'REF_NOT_SELECTABLE',
        `${ref} cannot be told apart from other elements by its id, text or label, nor by a text inside it; click it, or use a selector.`,
        { path, ref },
      );
    }
    params[key] = matcher;
  }
  return { ...action, params };
}

/**
 * The selector a click by ref goes through: one that finds the element itself, else a text inside it whose click
 * reaches the same clickable view; undefined when neither tells it apart (the click is then a tap at its centre). A
 * selector is matched again when the step runs, so the click finds the element where it is then: after a keyboard
 * that came up in an earlier step moved the layout, or once the driver has closed a keyboard drawn over it.
 */
function clickSelector(tree: UiTree, node: UiNode, long: boolean): NodeMatcher | undefined {
  const own = uniqueSelector(tree, node);
  if (own !== undefined) return own;
  const through = selectorThroughText(tree, node);
  const inner = through === undefined ? undefined : findFirst(tree, through);
  const reaches = inner !== undefined && clickTargetOf(inner, long) === (clickTargetOf(node, long) ?? node);
  return reaches ? through : undefined;
}

/** What a STALE_REF says when the client never read a screen of the device. */
export function noRecord(serial: string, client: ClientKey): SvcError {
  return stale(`No screen of ${serial} was read${client === '' ? '' : ' by this client'} to take refs from.`, {
    deviceId: serial,
  });
}
