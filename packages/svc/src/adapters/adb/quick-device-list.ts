// One `host:devices-l` question to the adb server over a plain socket, for the CLI's proxied path: it must know the
// device before it picks that device's daemon, and the full adb client (@yume-chan/adb, web streams) costs a cold
// process ~15 ms to load for one answer. The wire: `<4 hex length><request>`, then `OKAY` + `<4 hex length><text>`
// or `FAIL` + `<4 hex length><message>` (adb's SERVICES.TXT / protocol.txt).

import { configuredServers, qualifiedId, serverLabel } from '../../contracts/adb-servers.ts';
import type { Env } from '../../contracts/env.ts';
import { timerMs } from '../../contracts/limits.ts';
import { type DeviceListEntry, parseDevicesLong } from './device-list.ts';
import { type AdbServerAddress, adbServerAddress } from './server-address.ts';

const REQUEST = 'host:devices-l';

/**
 * The adb server's devices; rejects when no server answers (the caller then takes the full path, which starts one).
 * With several servers (SVC_ADB_SERVERS), every server's devices, ids `<host>:<port>/<serial>`; a server that does
 * not answer contributes none, and only when none answers does it reject.
 */
export async function quickDeviceList(env: Env, timeoutMs = 2000): Promise<DeviceListEntry[]> {
  const servers = configuredServers(env);
  if (servers === undefined || servers.length === 1) return askServer(servers?.[0] ?? adbServerAddress(env), timeoutMs);
  const answers = await Promise.allSettled(servers.map((server) => askServer(server, timeoutMs)));
  if (answers.every((a) => a.status === 'rejected')) throw (answers[0] as PromiseRejectedResult).reason;
  return answers.flatMap((answer, i) =>
    answer.status === 'fulfilled'
      ? answer.value.map((entry) => ({
          ...entry,
          serial: qualifiedId(serverLabel(servers[i] as AdbServerAddress), entry.serial),
        }))
      : [],
  );
}

function askServer({ host, port }: AdbServerAddress, timeoutMs: number): Promise<DeviceListEntry[]> {
  return new Promise((resolve, reject) => {
    const socket = process.getBuiltinModule('node:net').connect({ host, port });
    const chunks: Buffer[] = [];
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timerMs(timeoutMs), () => fail(new Error(`adb server at ${host}:${port} did not answer`)));
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
