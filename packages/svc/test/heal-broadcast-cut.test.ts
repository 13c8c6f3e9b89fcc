// A broadcast cut after it reached the phone (soak bench: one execution ran on the phone, yet its caller got
// DEVICE_NOT_FOUND). adbd starts a service before it answers the OPEN (AOSP packages/modules/adb/adb.cpp,
// handle_packet, case A_OPEN: create_local_service_socket, then send_ready), and the adb server answers the client's
// service request only once the device did (AOSP packages/modules/adb/sockets.cpp: the local socket's OKAY is sent
// when the remote socket becomes ready; a transport closed first answers FAIL "closed"). So an adb server killed, or
// a device unplugged, in that window leaves the host with no OKAY for a command the phone ran. The simulator's
// `slow_broadcast_okay` fault holds the OKAY of the next `am broadcast` to make that window certain. The execution
// must end with its own result once adb is back, never a "device not found" that says nothing ran.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAdbServerPort } from '../src/adapters/adb/adb-server-port.ts';
import { nodeProcessRunner } from '../src/adapters/process/process-runner.ts';
import { SvcError } from '../src/contracts/errors.ts';
import { assertRecovered, type FaultBench, openFaultBench } from './fault-bench.ts';
import { sleeps, waitFor } from './reliability-helpers.ts';

let bench: FaultBench;
const sim = () => bench.env.lab.devices[0]!;

before(async () => {
  bench = await openFaultBench();
});
after(() => bench.close());

/** How many times the operator wrote a result for this commandId on the phone. */
function resultsOnPhone(commandId: string): { count: () => number; stop: () => void } {
  let count = 0;
  const stop = sim().device.log.subscribe((entry) => {
    if (entry.message.startsWith('[svc-Result]') && entry.message.includes(`"commandId":"${commandId}"`)) count++;
  });
  return { count: () => count, stop };
}

/** `adb connect` until the (possibly just restarted) server says it is connected. */
async function reconnect(serial: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = await bench.env.lab.adb('connect', serial).catch(() => undefined);
    if (answer !== undefined && /^(connected|already connected) to/.test(answer.stdout)) return;
    await sleep(100);
  }
  throw new Error(`adb connect ${serial} never succeeded`);
}

/** Each cut, and how the phone comes back from it (as bench/lib/soak-faults.ts applies them). */
const cuts: Record<string, { cut: () => Promise<unknown>; back: () => Promise<void> }> = {
  'the adb server is killed': {
    cut: () => bench.env.lab.adb('kill-server'),
    back: () => reconnect(sim().serial),
  },
  'the phone is unplugged': {
    cut: () => bench.env.lab.adb('disconnect', sim().serial),
    back: () => reconnect(sim().serial),
  },
  'the phone goes offline': {
    cut: async () => sim().setState('offline'),
    back: async () => sim().setState('device'),
  },
};

describe('a broadcast whose connection is cut after it reached the phone', () => {
  for (const [label, { cut, back }] of Object.entries(cuts)) {
    it(`ends with the execution's own result when ${label} before adb answered the broadcast`, async () => {
      const execution = sleeps([0]);
      const ran = resultsOnPhone(execution.commandId);
      try {
        sim().faults.set('slow_broadcast_okay', 5000);
        const pending = bench.execute(execution);
        await waitFor('the operator to run it on the phone', () => ran.count() === 1);
        await cut();
        await back();
        const response = await pending;
        assert.equal(response.status, 200, JSON.stringify(response.body));
        const envelope = response.body.envelope as { commandId: string; status: string };
        assert.equal(envelope.commandId, execution.commandId);
        assert.equal(envelope.status, 'success');
        // Told once, run once: the broadcast is never sent again on a fresh connection.
        assert.equal(ran.count(), 1);
        await bench.env.lab.waitForState(sim().serial, 'device');
        await assertRecovered(bench);
      } finally {
        ran.stop();
        sim().faults.clear('slow_broadcast_okay');
      }
    });
  }

  it('a device command sent and left unanswered fails as the device gone with an unknown outcome, and is never sent again', async () => {
    const adb = createAdbServerPort(bench.env.lab.env, nodeProcessRunner);
    const command = `am broadcast -a svc.test.UNANSWERED_${process.pid}`;
    const sent = () => sim().device.commandLog.filter((line) => line.includes(command)).length;
    try {
      sim().faults.set('slow_broadcast_okay', 5000);
      const pending = adb.shell(sim().serial, command);
      pending.catch(() => {});
      await waitFor('the command to run on the phone', () => sent() === 1);
      await bench.env.lab.adb('disconnect', sim().serial);
      await assert.rejects(pending, (error) => {
        assert.ok(error instanceof SvcError, String(error));
        assert.equal(error.code, 'DEVICE_DISCONNECTED');
        assert.equal(error.details?.outcome, 'unknown');
        return true;
      });
      await reconnect(sim().serial);
      await bench.env.lab.waitForState(sim().serial, 'device');
      assert.equal(sent(), 1);
    } finally {
      sim().faults.clear('slow_broadcast_okay');
      await adb.close();
    }
  });
});
