// What an AdbPort does, as one suite run against every implementation (Hono's router tests do the same): the real
// port over the adb server on a simulated device (packages/svc/test/adb-port-contract.test.ts) and FakeAdb
// (fake-adb.contract.test.ts), so the fake the unit tests lean on can never drift from what adb really does.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SvcError } from '../../contracts/errors.ts';
import type { AdbPort } from './adb-port.ts';

export interface ContractHarness {
  port: AdbPort;
  /** A device in state `device`. */
  serial: string;
  /** A serial the adb server does not know. */
  unknownSerial: string;
  close(): Promise<void>;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The shell commands the suite runs, with what a device answers: the fake is taught exactly these. */
export const CONTRACT_COMMANDS: Record<string, { stdout: string; stderr: string; exitCode: number }> = {
  'echo out; echo err >&2; exit 3': { stdout: 'out\n', stderr: 'err\n', exitCode: 3 },
  "echo 'it'\"'\"'s $(x) `y` \"q\" ; & | héllo 😀'": {
    stdout: 'it\'s $(x) `y` "q" ; & | héllo 😀\n',
    stderr: '',
    exitCode: 0,
  },
  'echo a; echo b; echo c': { stdout: 'a\nb\nc\n', stderr: '', exitCode: 0 },
  true: { stdout: '', stderr: '', exitCode: 0 },
};

export function runAdbPortContract(name: string, setup: () => Promise<ContractHarness>): void {
  describe(`the AdbPort contract: ${name}`, () => {
    let h: ContractHarness;
    before(async () => {
      h = await setup();
    });
    after(() => h.close());

    test('listDevices names the ready device with state device, and at most its product, model and device', async () => {
      const devices = await h.port.listDevices();
      const mine = devices.find((d) => d.serial === h.serial);
      assert.deepEqual({ serial: mine?.serial, state: mine?.state }, { serial: h.serial, state: 'device' });
      const allowed = ['device', 'model', 'product', 'serial', 'state'];
      for (const device of devices) assert.ok(Object.keys(device).every((key) => allowed.includes(key)));
    });

    test('shell keeps stdout, stderr and the exit status apart', async () => {
      assert.deepEqual(await h.port.shell(h.serial, 'echo out; echo err >&2; exit 3'), {
        stdout: 'out\n',
        stderr: 'err\n',
        exitCode: 3,
      });
      assert.deepEqual(await h.port.shell(h.serial, 'true'), { stdout: '', stderr: '', exitCode: 0 });
    });

    test('shell passes quotes, substitutions and non-ASCII through byte for byte', async () => {
      const command = "echo 'it'\"'\"'s $(x) `y` \"q\" ; & | héllo 😀'";
      const out = await h.port.shell(h.serial, command);
      assert.equal(out.stdout, 'it\'s $(x) `y` "q" ; & | héllo 😀\n');
      assert.equal(out.exitCode, 0);
    });

    test('execOut returns the raw bytes of a binary answer (a PNG, untouched by any tty)', async () => {
      const png = await h.port.execOut(h.serial, 'screencap -p');
      assert.ok(png.length > PNG_SIGNATURE.length);
      assert.deepEqual([...png.subarray(0, PNG_SIGNATURE.length)], PNG_SIGNATURE);
    });

    test('streamBytes yields the bytes of a finite command untouched (no tty turns \\n into \\r\\n), then ends', async () => {
      const stream = await h.port.streamBytes(h.serial, 'echo a; echo b; echo c');
      const chunks: Uint8Array[] = [];
      for await (const chunk of stream.chunks) chunks.push(chunk);
      assert.equal(Buffer.concat(chunks).toString('latin1'), 'a\nb\nc\n');
      await stream.close();
      await stream.close();
    });

    test('push writes the bytes of a file, counting them as they go, and pull reads back exactly those bytes', async () => {
      // Past one sync chunk (64 KiB) and every byte value, so chunking and binary safety both show.
      const data = Uint8Array.from({ length: 150_000 }, (_, i) => (i * 7) % 256);
      const remote = `/data/local/tmp/svc-contract-${process.pid}.bin`;
      const progress: [number, number][] = [];
      await h.port.push(h.serial, remote, data, (sent, total) => progress.push([sent, total]));
      assert.ok(progress.length > 0, 'push reported no progress');
      assert.deepEqual(progress.at(-1), [data.length, data.length]);
      for (let i = 1; i < progress.length; i++) {
        assert.ok((progress[i]?.[0] ?? 0) > (progress[i - 1]?.[0] ?? 0), 'progress must grow');
      }
      const back = await h.port.pull(h.serial, remote);
      assert.equal(back.length, data.length);
      assert.ok(Buffer.from(back).equals(Buffer.from(data)), 'pull returned other bytes than push wrote');
      await assert.rejects(
        () => h.port.pull(h.serial, `${remote}.missing`),
        (error: unknown) => error instanceof SvcError && error.code === 'DEVICE_FILE_NOT_FOUND',
        'pull of a file that is not there',
      );
    });

    test('an unknown serial is DEVICE_NOT_FOUND on every device call', async () => {
      const refused = async (call: () => Promise<unknown>) =>
        assert.rejects(call, (error: unknown) => error instanceof SvcError && error.code === 'DEVICE_NOT_FOUND');
      await refused(() => h.port.shell(h.unknownSerial, 'true'));
      await refused(() => h.port.execOut(h.unknownSerial, 'screencap -p'));
      await refused(() => h.port.streamBytes(h.unknownSerial, 'echo a'));
      await refused(() => h.port.push(h.unknownSerial, '/data/local/tmp/x', new Uint8Array([1])));
      await refused(() => h.port.pull(h.unknownSerial, '/data/local/tmp/x'));
    });

    test('close may be called twice and the port still answers afterwards', async () => {
      await h.port.close();
      await h.port.close();
      assert.equal((await h.port.shell(h.serial, 'true')).exitCode, 0);
    });
  });
}
