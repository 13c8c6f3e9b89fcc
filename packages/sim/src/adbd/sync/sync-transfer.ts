// SEND (host → device: "path,mode", DATA chunks, DONE mtime → OKAY|FAIL) and RECV (device → host: DATA chunks of at
// most 64 KiB, then DONE; FAIL when the file cannot be read).
import type { DeviceApi } from '../../device/types.ts';
import type { ChunkQueue } from '../chunk-queue.ts';
import type { AdbStream } from '../stream.ts';
import { isDirectory, normalizePath, S_IFREG } from './sync-files.ts';
import { fail, ID_DATA, ID_DONE, ID_OKAY, SYNC_DATA_MAX, status } from './sync-messages.ts';

/** Returns false when the transfer broke the protocol (the service then ends). */
export async function receiveFile(stream: AdbStream, input: ChunkQueue, device: DeviceApi, spec: string) {
  const comma = spec.lastIndexOf(',');
  const path = normalizePath(comma >= 0 ? spec.slice(0, comma) : spec);
  const mode = comma >= 0 ? Number.parseInt(spec.slice(comma + 1), 10) : S_IFREG | 0o644;
  const parts: Uint8Array[] = [];
  for (;;) {
    const header = await input.readExactly(8);
    if (header.length < 8) return false;
    const view = Buffer.from(header.buffer, header.byteOffset, 8);
    const id = view.readUInt32LE(0);
    const value = view.readUInt32LE(4);
    if (id === ID_DATA) {
      if (value > SYNC_DATA_MAX) {
        await stream.write(fail('data chunk too large'));
        return false;
      }
      // Copy: the chunk is a view into a transport buffer.
      parts.push(Uint8Array.from(await input.readExactly(value)));
    } else if (id === ID_DONE) {
      if (isDirectory(device, path)) {
        await stream.write(fail(`couldn't create file: Is a directory`));
        return true;
      }
      const data = Buffer.concat(parts);
      device.files.set(path, { data, mode: Number.isFinite(mode) ? mode : S_IFREG | 0o644, mtimeSec: value });
      await stream.write(status(ID_OKAY, 0));
      return true;
    } else {
      await stream.write(fail('invalid data message'));
      return false;
    }
  }
}

export async function sendFile(stream: AdbStream, device: DeviceApi, rawPath: string): Promise<void> {
  const path = normalizePath(rawPath);
  const file = device.files.get(path);
  if (!file) {
    await stream.write(fail(isDirectory(device, path) ? 'Is a directory' : 'No such file or directory'));
    return;
  }
  // Keep a few chunks in flight so WRTEs stay full (the stream packs queued chunks up to maxdata).
  const inFlight: Promise<void>[] = [];
  for (let offset = 0; offset < file.data.length; offset += SYNC_DATA_MAX) {
    const chunk = file.data.subarray(offset, offset + SYNC_DATA_MAX);
    inFlight.push(stream.write(status(ID_DATA, chunk.length, chunk)));
    if (inFlight.length >= 8) await inFlight.shift();
  }
  inFlight.push(stream.write(status(ID_DONE, 0)));
  await Promise.all(inFlight);
}
