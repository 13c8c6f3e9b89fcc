// File transfer over adb's `sync:` service (SEND / RECV), the way `adb push` and `adb pull` do it, on an Adb object
// the port already keeps warm: no adb process, and the bytes handed over can be counted for a progress display.
import { type Adb, AdbSyncError } from '@yume-chan/adb';
import { ReadableStream } from '@yume-chan/stream-extra';
import { SvcError } from '../../contracts/errors.ts';
import type { PushProgress } from './adb-port.ts';

/** adb's own sync chunk (SYNC_DATA_MAX is 64 KiB). */
const CHUNK = 64 * 1024;

export async function pushFile(adb: Adb, remotePath: string, data: Uint8Array, onProgress?: PushProgress) {
  const sync = await adb.sync();
  try {
    let sent = 0;
    const file = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= data.length) {
          controller.close();
          return;
        }
        const chunk = data.subarray(sent, sent + CHUNK);
        sent += chunk.length;
        controller.enqueue(chunk);
        onProgress?.(sent, data.length);
      },
    });
    await sync.write({ filename: remotePath, file, permission: 0o644, mtime: Math.floor(Date.now() / 1000) });
  } finally {
    await sync.dispose();
  }
}

export async function pullFile(adb: Adb, remotePath: string): Promise<Uint8Array> {
  const sync = await adb.sync();
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = sync.read(remotePath).getReader();
    for (;;) {
      // The sync service answers FAIL ("remote object '…' does not exist", or a permission refusal) for a file it
      // cannot send: a code of the catalogue, not the library's own error.
      const { done, value } = await reader.read().catch((error: unknown) => {
        if (!(error instanceof AdbSyncError)) throw error;
        throw new SvcError('DEVICE_FILE_NOT_FOUND', `Cannot copy ${remotePath} from the device: ${error.message}`, {
          remotePath,
        });
      });
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
    const whole = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    return whole;
  } finally {
    await sync.dispose();
  }
}
