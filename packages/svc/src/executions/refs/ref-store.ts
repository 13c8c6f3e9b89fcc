// The refs of a device's last compact snapshot, kept in ~/.svc/refs/ (one small private JSON file per device): the
// process that takes the snapshot (a CLI call, the MCP server) is often not the one that runs the next action (the
// device's daemon), so they share the file, as they share the execution lock. Nothing svc writes to disk holds
// screen text: an element's content is kept as a salted hash, enough to tell whether it still shows the same; the
// selector an action needs is rebuilt from the fresh snapshot at use time.
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { SvcContext } from '../../core/context.ts';
import type { CompactScreen } from '../../ui/index.ts';

export interface StoredRef {
  ref: string;
  /** Document order of the node in the tree (the same in a tree of the same signature). */
  order: number;
  /** Salted hash of what the element showed (ui/compact.ts contentOf). */
  contentHash: string;
  /** An editable field: its own text may change (typing) without making the ref stale. */
  editable: boolean;
}

export interface RefRecord {
  /** Layout signature of the screen the refs came from (classes, ids and bounds: no text). */
  signature: string;
  /** Random per snapshot, so equal texts on two devices or two snapshots do not hash alike. */
  salt: string;
  refs: StoredRef[];
  takenAt: number;
}

export function refsPath(home: string, serial: string): string {
  return join(home, '.svc', 'refs', `${encodeURIComponent(serial)}.json`);
}

export function contentHash(salt: string, content: string): string {
  return createHash('sha256').update(`${salt}\u0000${content}`).digest('hex').slice(0, 32);
}

export function refRecordOf(screen: CompactScreen, takenAt: number): RefRecord {
  const salt = randomBytes(16).toString('hex');
  const refs = screen.refs.map(({ ref, order, content, editable }) => ({
    ref,
    order,
    contentHash: contentHash(salt, content),
    editable,
  }));
  return { signature: screen.signature, salt, refs, takenAt };
}

export async function saveRefs(ctx: Pick<SvcContext, 'files' | 'home'>, serial: string, record: RefRecord) {
  // Written aside and renamed over (mode 0600): a reader in another process never sees half a file.
  await ctx.files.replace(refsPath(ctx.home, serial), JSON.stringify(record));
}

const isStoredRef = (value: unknown): value is StoredRef => {
  const r = value as StoredRef;
  return typeof r === 'object' && r !== null && typeof r.ref === 'string' && typeof r.contentHash === 'string';
};

export async function loadRefs(
  ctx: Pick<SvcContext, 'files' | 'home'>,
  serial: string,
): Promise<RefRecord | undefined> {
  const text = await ctx.files.readText(refsPath(ctx.home, serial));
  if (text === undefined) return undefined;
  try {
    const record = JSON.parse(text) as RefRecord;
    const valid =
      typeof record.signature === 'string' &&
      typeof record.salt === 'string' &&
      Array.isArray(record.refs) &&
      record.refs.every(isStoredRef);
    return valid ? record : undefined;
  } catch {
    return undefined;
  }
}
