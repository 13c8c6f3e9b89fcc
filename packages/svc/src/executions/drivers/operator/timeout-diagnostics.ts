// RESULT_ENVELOPE_TIMEOUT with what an agent or user needs to tell the causes apart: was the broadcast delivered,
// did the operator say anything for this commandId, was the log follow alive. No payload or result text (DECISIONS
// 18) unless verbose.
import type { ShellOutput } from '../../../adapters/adb/adb-port.ts';
import { codeOf } from '../../../contracts/conditions.ts';
import { SvcError } from '../../../contracts/errors.ts';
import type { DeviceRun } from '../../device-run.ts';
import type { ArmedResult } from './armed-result.ts';
import type { LogStreamStatus } from './device-log-stream.ts';
import type { ProgressNote } from './envelope-collector.ts';

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
  const events = collector.notes.map((e) => noteText(run, e));
  const why = whyNoEnvelope(run, collector.notes, status);
  // The device's adb server (several adb servers: its host) stopped answering and never came back before the
  // deadline: that is the cause to name, not the operator. The action may have run; its envelope stays in the log.
  const hostLost = isHostLost(status);
  return new SvcError(
    hostLost ? 'ADB_SERVER_LOST' : 'RESULT_ENVELOPE_TIMEOUT',
    hostLost
      ? `The adb server of ${run.serial} stopped answering while ${run.execution.commandId} ran (${status.lastError}); it may have run on the device.`
      : `No result envelope for ${run.execution.commandId} within ${run.execution.timeoutMs} ms (+ margin); ${why.text}.`,
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
      ...(hostLost ? {} : { cause: why.cause }),
      ...(run.verbose ? { broadcastOutput: broadcast.stdout.trim() } : {}),
      ...(hostLost || !hasPercent(run) ? {} : { percentInPayload: true }),
    },
    hostLost ? undefined : hasPercent(run) ? `${PERCENT_CRASH} ${why.hint ?? ''}`.trim() : why.hint,
  );
}

/**
 * The published operator (0.5.x) logs a failure's text through String.format: with two or more '%' in it (a text
 * "50% off", a URI with %20, an id) its logging throws and the app's process dies before it writes a result
 * (TaskRunnerManagerDefault.kt:74-83, Log.kt:46-53 @ v0.5.2). svc cannot see the crash from here, so a payload
 * with a '%' that timed out says it may be that.
 */
const PERCENT_CRASH =
  "The execution has a '%' in it: the operator app dies when a failing step's message holds two or more '%' (its error logging formats the message), and no result ever comes; `svc crashes` shows it. Take the '%' out of texts, selectors and URIs (a URI can often be written decoded), or run it with --driver adb.";

function hasPercent(run: Pick<DeviceRun, 'execution'>): boolean {
  return JSON.stringify(run.execution).includes('%');
}

function noteText(run: Pick<DeviceRun, 'execution'>, note: ProgressNote): string {
  const type = run.execution.actions.find((a) => a.id === note.actionId)?.type ?? '?';
  const attempt = note.attempt === undefined ? '' : `#${note.attempt}`;
  return `${note.actionId}:${type}:${note.phase}${attempt}`;
}

function isHostLost(status: LogStreamStatus): boolean {
  return !status.open && (status.lastErrorCode === 'ADB_SERVER_LOST' || status.lastErrorCode === 'ADB_SERVER_FAILED');
}

/**
 * The device left during the execution (adb has not listed it as ready for a while, gone-probe.ts):
 * DEVICE_DISCONNECTED, or ADB_SERVER_LOST when it was its adb server that went away (several adb servers: its host).
 */
export function deviceGoneError(run: DeviceRun, armed: ArmedResult, adbState: string): SvcError {
  const status = armed.subscription.status;
  const details = {
    deviceId: run.serial,
    operatorPackage: run.operatorPackage,
    commandId: run.execution.commandId,
    adbState,
  };
  if (isHostLost(status)) {
    return new SvcError(
      'ADB_SERVER_LOST',
      `The adb server of ${run.serial} stopped answering while ${run.execution.commandId} ran (${status.lastError}); it may have run on the device.`,
      details,
    );
  }
  return new SvcError(
    codeOf('deviceGone'),
    `${run.serial} went away during the execution (adb lists it as ${adbState}); whether its actions ran is unknown.`,
    details,
  );
}

type Cause = 'deviceLogLost' | 'operatorSilent' | 'stepFinishedNoEnvelope' | 'operatorStillWorking';

/**
 * What the evidence says, and only that: a log stream that broke (device offline or gone) explains the silence
 * before anything the operator did; a last event that finished a step is not "still working".
 */
export function whyNoEnvelope(
  run: Pick<DeviceRun, 'execution'>,
  events: readonly ProgressNote[],
  status: LogStreamStatus,
): { cause: Cause; text: string; hint?: string } {
  const offline = /offline|not found|no devices|closed|disconnect/i.test(status.lastError ?? '');
  if (status.gaveUp || status.failures > 0 || offline) {
    return {
      cause: 'deviceLogLost',
      text: `the device's log stream broke (${status.lastError ?? 'it ended'}), so the result may have been written but could not be read; the device may be offline or gone`,
      hint: 'Check the device with `svc devices` (reconnect it if it is offline or missing), then run the execution again.',
    };
  }
  const last = events.at(-1);
  if (last === undefined) {
    return {
      cause: 'operatorSilent',
      text: 'the operator wrote nothing for this commandId: is its accessibility service running and the app alive?',
    };
  }
  const type = run.execution.actions.find((a) => a.id === last.actionId)?.type ?? 'unknown type';
  const attempt = last.attempt === undefined ? '' : `, attempt ${last.attempt}`;
  const at = `${last.actionId} (${type}${attempt})`;
  if (last.phase === 'success') {
    const final = run.execution.actions.at(-1)?.id === last.actionId;
    return {
      cause: 'stepFinishedNoEnvelope',
      text: final
        ? `the operator finished the last step ${at} with ${last.phase} but wrote no result envelope`
        : `the operator finished step ${at} with ${last.phase} and wrote nothing after it`,
      hint: 'The operator stopped answering after a step: check `svc version --check-compat` and the operator app (restart it), then retry.',
    };
  }
  return {
    cause: 'operatorStillWorking',
    text: `the operator was still working on step ${at} when the time ran out`,
    hint: 'Raise timeoutMs (or the step timeout), or split the execution; `--verbose` shows the operator events.',
  };
}
