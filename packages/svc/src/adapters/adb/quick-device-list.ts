// One `host:devices-l` question to the adb server over a plain socket, for the CLI's proxied path: it must know the
// device before it picks that device's daemon, and the full adb client (@yume-chan/adb, web streams) costs a cold
// process ~15 ms to load for one answer. The wire: `<4 hex length><request>`, then `OKAY` + `<4 hex length><text>`
// or `FAIL` + `<4 hex length><message>` (adb's SERVICES.TXT / protocol.txt).
import type { Env } from '../../contracts/env.ts';
import { type DeviceListEntry, parseDevicesLong } from './device-list.ts';
import { adbServerAddress } from './server-address.ts';

const REQUEST = 'host:devices-l';

/** The adb server's devices; rejects when no server answers (the caller then takes the full path, which starts one). */
export function quickDeviceList(env: Env, timeoutMs = 2000): Promise<DeviceListEntry[]> {
  const { host, port } = adbServerAddress(env);
  return new Promise((resolve, reject) => {
    const socket = process.getBuiltinModule('node:net').connect({ host, port });
    const chunks: Buffer[] = [];
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`adb server at ${host}:${port} did not answer`)));
    socket.on('error', fail);
    socket.on('connect', () => socket.write(`${REQUEST.length.toString(16).padStart(4, '0')}${REQUEST}`));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const answer = parseAnswer(Buffer.concat(chunks));
      if (answer === undefined) return;
      socket.destroy();
      if (answer.ok) resolve(parseDevicesLong(answer.text));
      else reject(new Error(`adb server refused ${REQUEST}: ${answer.text}`));
    });
    socket.on('end', () => fail(new Error(`adb server at ${host}:${port} closed the connection`)));
  });
}

/** The complete answer once it has arrived, else undefined. */
function parseAnswer(data: Buffer): { ok: boolean; text: string } | undefined {
  if (data.length < 8) return undefined;
  const status = data.subarray(0, 4).toString('latin1');
  const length = Number.parseInt(data.subarray(4, 8).toString('latin1'), 16);
  if (data.length < 8 + length) return undefined;
  return { ok: status === 'OKAY', text: data.subarray(8, 8 + length).toString('utf8') };
}
