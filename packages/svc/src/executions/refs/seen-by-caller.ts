// Whether a screen read now is the screen a client last read: the same app and layout, and every element's line the
// same (compared as the salted hashes the client's record keeps). A selector that misses on it misses on a screen
// that has not moved since the client looked (drivers/adb/still-miss.ts).
import type { SvcContext } from '../../core/context.ts';
import { readScreen, type UiTree } from '../../ui/index.ts';
import { type ClientKey, loadScreen, saltedHash } from './ref-store.ts';

export function seenByCaller(
  ctx: Pick<SvcContext, 'files' | 'home'>,
  serial: string,
  client: ClientKey,
): (tree: UiTree) => Promise<boolean> {
  return async (tree) => {
    const record = await loadScreen(ctx, serial, client);
    if (record === undefined) return false;
    const screen = readScreen(tree);
    if (screen.title !== record.title || screen.elements.length !== record.elements.length) return false;
    return screen.elements.every((element, i) => saltedHash(record.salt, element.body) === record.elements[i]?.line);
  };
}
