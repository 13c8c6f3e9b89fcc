// The refs of a device's last compact snapshot, kept in ~/.svc/refs/ (one small JSON file per device): the
// process that takes the snapshot (a CLI call, the MCP server) is often not the one that runs the next action (the
// device's daemon), so they share the file, as they share the execution lock.
import { join } from 'node:path';
import type { SvcContext } from '../../core/context.ts';
import type { RefTarget } from '../../ui/index.ts';

export interface RefRecord {
  /** Layout signature of the screen the refs came from. */
  signature: string;
  refs: RefTarget[];
  takenAt: number;
}

export function refsPath(home: string, serial: string): string {
  return join(home, '.svc', 'refs', `${encodeURIComponent(serial)}.json`);
}

export async function saveRefs(ctx: Pick<SvcContext, 'files' | 'home'>, serial: string, record: RefRecord) {
  await ctx.files.writeFile(refsPath(ctx.home, serial), JSON.stringify(record));
}

export async function loadRefs(
  ctx: Pick<SvcContext, 'files' | 'home'>,
  serial: string,
): Promise<RefRecord | undefined> {
  const text = await ctx.files.readText(refsPath(ctx.home, serial));
  if (text === undefined) return undefined;
  try {
    const record = JSON.parse(text) as RefRecord;
    return typeof record.signature === 'string' && Array.isArray(record.refs) ? record : undefined;
  } catch {
    return undefined;
  }
}
