// RESULT_ENVELOPE_TIMEOUT with what an agent or user needs to tell the causes apart: was the broadcast delivered,
// did the operator say anything for this commandId, was the log follow alive. No payload or result text (DECISIONS
// 18) unless verbose.
import type { ShellOutput } from '../../../adapters/adb/adb-port.ts';
import { SvcError } from '../../../contracts/errors.ts';
import type { DeviceRun } from '../../device-run.ts';
import type { ArmedResult } from './armed-result.ts';

export function timeoutError(input: {
  run: DeviceRun;
  armed: ArmedResult;
  broadcast: ShellOutput;
  waitedMs: number;
}): SvcError {
  const { run, armed, broadcast } = input;
  const { collector } = armed;
  const status = armed.subscription.status;
  const result = /Broadcast completed: result=(-?\d+)/.exec(broadcast.stdout)?.[1];
  const events = collector.events.map((e) => `${e.actionId}:${e.actionType}:${e.phase}#${e.attempt}@${e.elapsedMs}ms`);
  const hint =
    collector.events.length === 0
      ? 'the operator wrote nothing for this commandId: is its accessibility service running and the app alive?'
      : `the operator was still working (last event ${events.at(-1)})`;
  // The device's adb server (several adb servers: its host) stopped answering and never came back before the
  // deadline: that is the cause to name, not the operator. The action may have run; its envelope stays in the log.
  const hostLost = isHostLost(status);
  return new SvcError(
    hostLost ? 'ADB_SERVER_LOST' : 'RESULT_ENVELOPE_TIMEOUT',
    hostLost
      ? `The adb server of ${run.serial} stopped answering while ${run.execution.commandId} ran (${status.lastError}); it may have run on the device.`
      : `No result envelope for ${run.execution.commandId} within ${run.execution.timeoutMs} ms (+ margin); ${hint}.`,
    {
      deviceId: run.serial,
      operatorPackage: run.operatorPackage,
      commandId: run.execution.commandId,
      timeoutMs: run.execution.timeoutMs,
      waitedMs: input.waitedMs,
      broadcastSent: true,
      ...(result === undefined ? {} : { broadcastResult: Number(result) }),
      lastEvents: events,
      operatorLinesSeen: collector.linesSeen,
      // Lines of this commandId written by another app than the operator (ignored: they cannot answer for it).
      ...(armed.untrusted.count === 0
        ? {}
        : { untrustedLines: { count: armed.untrusted.count, lastWriter: { ...armed.untrusted.last } } }),
      logStream: { ...status },
      ...(run.verbose ? { broadcastOutput: broadcast.stdout.trim() } : {}),
    },
  );
}

function isHostLost(status: ArmedResult['subscription']['status']): boolean {
  return !status.open && (status.lastErrorCode === 'ADB_SERVER_LOST' || status.lastErrorCode === 'ADB_SERVER_FAILED');
}

/**
 * The device left during the execution (adb has not listed it as ready for a while, gone-probe.ts): DEVICE_DISCONNECTED,
 * or ADB_SERVER_LOST when it was its adb server that went away (several adb servers: its host).
 */
export function deviceGoneError(run: DeviceRun, armed: ArmedResult, adbState: string): SvcError {
  const status = armed.subscription.status;
  const details = { deviceId: run.serial, operatorPackage: run.operatorPackage, commandId: run.execution.commandId };
  if (isHostLost(status)) {
    return new SvcError(
      'ADB_SERVER_LOST',
      `The adb server of ${run.serial} stopped answering while ${run.execution.commandId} ran (${status.lastError}); it may have run on the device.`,
      { ...details, adbState },
    );
  }
  return new SvcError(
    'DEVICE_DISCONNECTED',
    `${run.serial} went away during the execution (adb lists it as ${adbState}); whether its actions ran is unknown.`,
    { ...details, adbState },
  );
}
