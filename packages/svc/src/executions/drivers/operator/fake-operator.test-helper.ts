// A scripted operator behind FakeAdb: answers `pm list packages`, `am force-stop`, and for `am broadcast` parses the
// payload back out of the quoted command line and writes what `respond` returns to the device log.
import { FAKE_OPERATOR_UID, FakeAdb, ok } from '../../../adapters/adb/fake-adb.test-helper.ts';
import { serializeEnvelope } from '../../../contracts/envelope.ts';
import type { Execution, ResultEnvelope, StepResult } from '../../../contracts/types.ts';

export const PKG = 'com.svc.operator';

/** Undoes the host's single-quoting of one word (`'` → `'"'"'`). */
export function unquote(word: string): string {
  return word.slice(1, -1).replaceAll(`'"'"'`, "'");
}

export function payloadOf(command: string): Execution {
  const m = /--es 'payload' ('(?:[^']|'"'"')*') --receiver-foreground$/.exec(command);
  if (!m) throw new Error(`not a dispatch: ${command}`);
  return JSON.parse(unquote(m[1] as string)) as Execution;
}

export function successEnvelope(execution: Execution, steps?: StepResult[]): ResultEnvelope {
  return {
    commandId: execution.commandId,
    taskId: execution.taskId,
    status: 'success',
    stepResults:
      steps ??
      execution.actions.map((a) => ({
        id: a.id,
        actionType: a.type,
        success: true,
        data: {} as Record<string, string>,
      })),
    error: null,
  };
}

export function fakeDevice(options: {
  installed?: boolean;
  /** Lines to log for a dispatched execution (default: one success envelope). */
  respond?: (execution: Execution) => string[];
}) {
  const adb = new FakeAdb();
  const dispatched: Execution[] = [];
  adb.handle = (serial, command) => {
    if (command.startsWith('pm list packages')) {
      return ok(
        options.installed === false
          ? 'package:com.android.settings uid:1000\n'
          : `package:${PKG} uid:${FAKE_OPERATOR_UID}\npackage:com.android.settings uid:1000\n`,
      );
    }
    if (command.startsWith('am force-stop')) return ok('');
    if (command.startsWith('am broadcast')) {
      const execution = payloadOf(command);
      dispatched.push(execution);
      const lines = options.respond?.(execution) ?? [`[svc-Result] ${serializeEnvelope(successEnvelope(execution))}`];
      setImmediate(() => {
        for (const line of lines) adb.log(serial, line);
      });
      return ok(
        'Broadcasting: Intent { act=app.svc.operator.ACTION_AGENT_COMMAND flg=0x10000000 }\nBroadcast completed: result=0\n',
      );
    }
    return ok('', 127, `/system/bin/sh: ${command.split(' ')[0]}: not found`);
  };
  return { adb, dispatched };
}

export function execution(actions: unknown[], extra: Record<string, unknown> = {}) {
  return {
    commandId: `cmd-${Math.random().toString(16).slice(2, 10)}`,
    taskId: 'task-1',
    source: 'test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 5000,
    actions,
    ...extra,
  };
}
