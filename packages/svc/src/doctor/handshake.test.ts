// readiness.handshake outcomes the simulator cannot produce (a broadcast that fails, a package gone between checks),
// against a hand-written adb port.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FAKE_OPERATOR_UID, FakeAdb, ok } from '../adapters/adb/fake-adb.test-helper.ts';
import { createContext } from '../core/context.ts';
import { checkHandshake } from './checks/handshake.ts';

describe('doctor handshake failures', () => {
  let home: string;
  before(async () => {
    home = await mkdtemp(join(tmpdir(), 'svc-doctor-handshake-'));
  });
  after(async () => {
    await rm(home, { recursive: true, force: true, maxRetries: 5 });
  });

  test('an am broadcast that does not complete fails the handshake with BROADCAST_FAILED', async () => {
    const adb = new FakeAdb();
    adb.handle = (_serial, command) => {
      if (command.startsWith('pm list packages')) return ok(`package:com.svc.operator uid:${FAKE_OPERATOR_UID}\n`);
      if (command.startsWith('am broadcast')) return ok('', 255, "Error: Can't find service: activity");
      return ok('');
    };
    const ctx = createContext({ env: { HOME: home }, adb });
    const result = await checkHandshake(ctx, 'fake-1', 'com.svc.operator');
    assert.deepEqual([result.status, result.code], ['fail', 'BROADCAST_FAILED']);
    assert.ok(
      adb.calls.some((c) => c.includes('"type":"doctor_ping"')),
      'a doctor_ping was sent',
    );
    // Its commandId carries 96 random bits, as every id svc builds: nothing on the device can guess it.
    const sent = adb.calls.find((c) => c.includes('"type":"doctor_ping"')) ?? '';
    assert.match(sent, /doctor-ping-\d+-[0-9a-f]{24}\b/);
    await ctx.close();
  });

  test('an operator removed after the presence check fails the handshake with OPERATOR_NOT_INSTALLED', async () => {
    const adb = new FakeAdb();
    adb.handle = () => ok('');
    const ctx = createContext({ env: { HOME: home }, adb });
    const result = await checkHandshake(ctx, 'fake-1', 'com.svc.operator');
    assert.deepEqual([result.status, result.code], ['fail', 'OPERATOR_NOT_INSTALLED']);
    assert.ok(!adb.calls.some((c) => c.includes('am broadcast')), 'nothing is dispatched to a missing receiver');
    await ctx.close();
  });
});
