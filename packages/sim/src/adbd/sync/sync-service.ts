// `sync:`: STAT/STA2/LST2, LIST/LIS2, SEND, RECV, QUIT (AOSP adb/SYNC.TXT). Requests are [id u32][length u32][path];
// they may arrive split across or packed into WRTE payloads, so the service reads from a byte queue.
import { ChunkQueue } from '../chunk-queue.ts';
import type { ServiceContext } from '../context.ts';
import type { AdbStream } from '../stream.ts';
import { ENOENT, listDirectory, statPath } from './sync-files.ts';
import {
  dentV1,
  fail,
  ID_DNT2,
  ID_DONE,
  ID_LIS2,
  ID_LIST,
  ID_LST2,
  ID_QUIT,
  ID_RECV,
  ID_SEND,
  ID_STA2,
  ID_STAT,
  status,
  statV1,
  statV2,
} from './sync-messages.ts';
import { receiveFile, sendFile } from './sync-transfer.ts';

const MAX_PATH = 1024;
/** SVC_SIM_TRACE=1 logs every sync request (which of STAT/STA2/LIST/LIS2/… adb chose for the banner's features). */
const TRACE = process.env.SVC_SIM_TRACE === '1';

export async function runSyncService(stream: AdbStream, context: ServiceContext): Promise<void> {
  const input = new ChunkQueue();
  stream.onData((payload) => input.push(payload));
  stream.signal.addEventListener('abort', () => input.end(), { once: true });
  const { device } = context;
  for (;;) {
    const header = await input.readExactly(8);
    if (header.length < 8) break;
    const view = Buffer.from(header.buffer, header.byteOffset, 8);
    const id = view.readUInt32LE(0);
    const length = view.readUInt32LE(4);
    if (id === ID_QUIT) break;
    if (length > MAX_PATH) {
      await stream.write(fail('path too long'));
      break;
    }
    const path = Buffer.from(await input.readExactly(length)).toString('utf8');
    const request = `sync:${Buffer.from(header.subarray(0, 4)).toString('latin1')} ${path}`;
    if (TRACE) process.stderr.write(`[svc-sim] ${request}\n`);
    context.traceService?.(request);
    if (id === ID_STAT) {
      await stream.write(statV1(ID_STAT, statPath(device, path)));
    } else if (id === ID_STA2 || id === ID_LST2) {
      const stat = statPath(device, path);
      await stream.write(statV2(id, stat, stat ? 0 : ENOENT));
    } else if (id === ID_LIST || id === ID_LIS2) {
      for (const entry of listDirectory(device, path)) {
        const name = Buffer.from(entry.name, 'utf8');
        await stream.write(id === ID_LIST ? dentV1(entry.stat, name) : statV2(ID_DNT2, entry.stat, 0, name));
      }
      await stream.write(id === ID_LIST ? Buffer.concat([status(ID_DONE, 0), Buffer.alloc(12)]) : doneV2());
    } else if (id === ID_SEND) {
      if (!(await receiveFile(stream, input, device, path))) break;
    } else if (id === ID_RECV) {
      await sendFile(stream, device, path);
    } else {
      await stream.write(fail(`unknown sync command ${header.subarray(0, 4).toString()}`));
      break;
    }
  }
  stream.close();
}

function doneV2(): Buffer {
  const out = Buffer.alloc(76);
  out.writeUInt32LE(ID_DONE, 0);
  return out;
}
