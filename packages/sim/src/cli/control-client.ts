// The commands that talk to running `svc-sim start` processes: list, stop, set-state, latency, fault, screen,
// commands, inputs, disconnect.
import { readFileSync } from 'node:fs';
import { FAULT_NAMES, isFaultName } from '../faults.ts';
import type { DeviceSummary } from './control-server.ts';
import { NOTIFY_USAGE, notifyBody } from './notify.ts';
import { printDevices } from './print.ts';
import { type RunRecord, readRunRecords } from './registry.ts';

async function call(
  record: RunRecord,
  path: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${record.controlUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${record.token}` },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error((json as { message?: string }).message ?? `HTTP ${response.status}`);
  return json;
}

async function allDevices(): Promise<Array<{ record: RunRecord; device: DeviceSummary }>> {
  const out: Array<{ record: RunRecord; device: DeviceSummary }> = [];
  for (const record of readRunRecords()) {
    const devices = (await call(record, '/devices', 'GET').catch(() => [])) as DeviceSummary[];
    for (const device of devices) out.push({ record, device });
  }
  return out;
}

/** The serials of the simulated devices that running `svc-sim start` processes serve. */
export async function runningSerials(): Promise<string[]> {
  return (await allDevices()).map((entry) => entry.device.serial);
}

async function recordOf(serial: string): Promise<RunRecord> {
  const found = (await allDevices()).find((entry) => entry.device.serial === serial);
  if (!found) throw new Error(`no running simulated device ${serial} (see: svc-sim list)`);
  return found.record;
}

async function post(serial: string, action: string, body: unknown): Promise<void> {
  const record = await recordOf(serial);
  printDevices([
    (await call(record, `/devices/${encodeURIComponent(serial)}/${action}`, 'POST', body)) as DeviceSummary,
  ]);
}

/** Prints a device's record (`commands` or `inputs`) as JSON lines, oldest first; `clear` starts a new one. */
async function printRecord(serial: string, kind: string, clear: boolean): Promise<void> {
  const path = `/devices/${encodeURIComponent(serial)}/${kind}`;
  const entries = (await call(await recordOf(serial), path, clear ? 'DELETE' : 'GET')) as unknown[];
  process.stdout.write(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
}

export async function controlCommand(name: string, args: string[]): Promise<number> {
  const json = args.includes('--json');
  const rest = args.filter((arg) => arg !== '--json');
  const [serial, value, extra] = rest;
  switch (name) {
    case 'list': {
      const devices = (await allDevices()).map((entry) => entry.device);
      if (json) process.stdout.write(`${JSON.stringify(devices, null, 2)}\n`);
      else printDevices(devices);
      return 0;
    }
    case 'stop': {
      const records = serial ? [await recordOf(serial)] : readRunRecords();
      for (const record of records) await call(record, '/stop', 'POST', serial ? { serial } : {});
      return 0;
    }
    case 'set-state': {
      const usage =
        'usage: svc-sim set-state <serial> device|unauthorized|offline|recovery|sideload|bootloader|rescue [--accept-after MS]';
      if (!serial || !value) throw new Error(usage);
      // --accept-after: an unauthorized device accepts the host's key this long after adb offers it.
      const acceptAfter = extra === '--accept-after' ? Number(rest[3]) : undefined;
      if (extra !== undefined && (acceptAfter === undefined || !Number.isFinite(acceptAfter))) throw new Error(usage);
      await post(serial, 'state', {
        state: value,
        ...(acceptAfter !== undefined ? { acceptAuthAfterMs: acceptAfter } : {}),
      });
      return 0;
    }
    case 'latency':
      if (!serial || !value) throw new Error('usage: svc-sim latency <serial> <ms>');
      await post(serial, 'latency', { ms: Number(value) });
      return 0;
    // One JSON object per line, oldest first; --clear answers them too and starts a new record.
    case 'commands': // the shell/exec services (argv as the device's shell ran them) and broadcasts it received
    case 'inputs': // the input events it received: where an agent tapped, what it typed
      if (!serial || (value !== undefined && value !== '--clear')) {
        throw new Error(`usage: svc-sim ${name} <serial> [--clear]`);
      }
      await printRecord(serial, name, value === '--clear');
      return 0;
    // A `uiautomator dump` file captured on a real phone, shown by the stock phone until --clear (captured-screen.ts).
    case 'screen':
      if (!serial || !value)
        throw new Error('usage: svc-sim screen <serial> <dump.xml> | svc-sim screen <serial> --clear');
      await post(serial, 'screen', value === '--clear' ? { clear: true } : { dump: readFileSync(value, 'utf8') });
      return 0;
    case 'notify':
      if (!serial || serial.startsWith('--')) throw new Error(NOTIFY_USAGE);
      await post(serial, 'notify', notifyBody(rest.slice(1)));
      return 0;
    case 'disconnect':
      if (!serial) throw new Error('usage: svc-sim disconnect <serial>');
      await post(serial, 'disconnect', {});
      return 0;
    case 'fault':
      if (!serial || !value) {
        throw new Error(
          `usage: svc-sim fault <serial> <name> [ms] | --clear [name]\nfaults: ${FAULT_NAMES.join(', ')}`,
        );
      }
      for (const name of [value === '--clear' ? extra : value]) {
        if (name !== undefined && !isFaultName(name)) {
          throw new Error(`unknown fault ${name}; faults: ${FAULT_NAMES.join(', ')}`);
        }
      }
      if (value === '--clear') await post(serial, 'fault', { clear: true, ...(extra ? { name: extra } : {}) });
      else await post(serial, 'fault', { name: value, ...(extra ? { value: Number(extra) } : {}) });
      return 0;
    default:
      return -1;
  }
}
