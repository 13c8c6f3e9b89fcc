// The screen a client read last on a device, kept in ~/.svc/refs/ (one small private JSON file per device and
// client): the process that reads the screen (a CLI call, the MCP server) is often not the one that runs the next
// action (the device's daemon), so they share the file, as they share the execution lock. It holds no screen text:
// each element's identity and line are kept as salted hashes, enough to tell the same element again, whether it
// changed, and what a ref names; the selector an action needs is rebuilt from the fresh screen at use time.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { SvcContext } from '../../core/context.ts';
import type { KnownScreen } from '../../ui/index.ts';

export interface StoredElement {
  ref: string;
  /** Salted hash of the element's identity (ui/compact.ts): the same element on another screen. */
  identity: string;
  /** Salted hash of its whole line: a different one means it changed. */
  line: string;
  unique: boolean;
  /** Document order of its node (repeated elements are told apart by it while the layout is the same). */
  order: number;
  /** Printed to the client (false: a budget left it out; it keeps its ref). */
  shown?: boolean;
}

export interface ScreenRecord extends KnownScreen {
  version: 2;
  /** Random per client's first read, so equal texts on two devices or clients do not hash alike. */
  salt: string;
  elements: StoredElement[];
  takenAt: number;
}

/** Who reads: `''` the device's shared record (the CLI, HTTP without a client), else a client's own. */
export type ClientKey = string;

export function refsPath(home: string, serial: string, client: ClientKey = ''): string {
  const name = client === '' ? encodeURIComponent(serial) : `${encodeURIComponent(serial)}~${client}`;
  return join(home, '.svc', 'refs', `${name}.json`);
}

export function saltedHash(salt: string, value: string): string {
  return createHash('sha256').update(`${salt}\u0000${value}`).digest('hex').slice(0, 32);
}

export const newSalt = () => randomBytes(16).toString('hex');

export async function saveScreen(
  ctx: Pick<SvcContext, 'files' | 'home'>,
  serial: string,
  client: ClientKey,
  record: ScreenRecord,
): Promise<void> {
  // Written aside and renamed over (mode 0600): a reader in another process never sees half a file.
  await ctx.files.replace(refsPath(ctx.home, serial, client), JSON.stringify(record));
}

const isStored = (value: unknown): value is StoredElement => {
  const e = value as StoredElement;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.ref === 'string' &&
    typeof e.identity === 'string' &&
    typeof e.line === 'string' &&
    typeof e.order === 'number'
  );
};

export async function loadScreen(
  ctx: Pick<SvcContext, 'files' | 'home'>,
  serial: string,
  client: ClientKey,
): Promise<ScreenRecord | undefined> {
  const text = await ctx.files.readText(refsPath(ctx.home, serial, client));
  if (text === undefined) return undefined;
  try {
    const record = JSON.parse(text) as ScreenRecord;
    const valid =
      record.version === 2 &&
      typeof record.signature === 'string' &&
      typeof record.salt === 'string' &&
      typeof record.title === 'string' &&
      typeof record.next === 'number' &&
      Array.isArray(record.elements) &&
      record.elements.every(isStored);
    return valid ? record : undefined;
  } catch {
    return undefined; // a record of an older svc, or a damaged one: as if none had been read
  }
}

/** A client's record left this long untouched is dropped (a client that ended without saying so). */
const CLIENT_RECORD_TTL_MS = 24 * 60 * 60_000;

/**
 * Drops the records of `client` (a server that ends) and those of any client untouched for a day; the device's
 * shared records stay. Best effort: a record another process removes first is not an error.
 */
export async function forgetClient(home: string, client: ClientKey, now = Date.now()): Promise<void> {
  const dir = join(home, '.svc', 'refs');
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const at = name.lastIndexOf('~');
    if (at === -1 || !name.endsWith('.json')) continue;
    const path = join(dir, name);
    const mine = client !== '' && name.slice(at + 1, -'.json'.length) === client;
    const touched = mine ? undefined : (await stat(path).catch(() => undefined))?.mtimeMs;
    if (mine || (touched !== undefined && now - touched > CLIENT_RECORD_TTL_MS)) {
      await unlink(path).catch(() => undefined);
    }
  }
}
