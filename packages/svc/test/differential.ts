// The differential corpus (fixtures/published-operator/differential-corpus.json) and what both clients of the
// published operator are compared on: the device-side commands the simulator recorded (`device.commands`, normalized
// so that what varies run to run, such as log timestamps, does not count) and the result envelope each returned.
// Used by bench/differential-operator.ts (svc against the published host CLI) and differential-corpus.test.ts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SimDevice } from 'svc-sim';
import type { LoggedDeviceCommand } from 'svc-sim/testing';

export interface CorpusCase {
  name: string;
  note: string;
  execution: { commandId: string; timeoutMs: number; actions: { id: string; type: string }[] } & Record<
    string,
    unknown
  >;
}

const FIXTURES = new URL('./fixtures/published-operator/', import.meta.url);

export function loadCorpus(): CorpusCase[] {
  return (JSON.parse(readFileSync(new URL('differential-corpus.json', FIXTURES), 'utf8')) as { cases: CorpusCase[] })
    .cases;
}

export const CLAWPERATOR_PACKAGE = 'com.clawperator.operator';

/** The same start state for every run: Settings and the browser stopped, the launcher in front, no record. */
export function resetDevice(sim: SimDevice): void {
  const ui = sim.device.ui;
  for (const pkg of ['com.android.settings', 'com.svc.browser', 'com.android.chrome']) ui.forceStop(pkg);
  ui.keyevent('3');
  sim.device.commands.clear();
}

/** One device-side command as a line: argv joined, the payload and log start time replaced by placeholders. */
export function normalizeCommands(entries: readonly LoggedDeviceCommand[]): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.kind === 'broadcast') {
      const target = entry.package ? ` -p ${entry.package}` : '';
      const extras = Object.keys(entry.extras).sort().join(',');
      out.push(`broadcast ${entry.action}${target} extras=${extras} receivers=${entry.receivers}`);
      continue;
    }
    const commands = entry.argv.length > 0 ? entry.argv : [[entry.line]];
    for (const argv of commands) {
      const words = argv.map((word, i) => {
        if (argv[i - 1] === 'payload' && argv[i - 2] === '--es') return '<payload>';
        if (argv[i - 1] === '-T' && argv[0] === 'logcat') return '<time>';
        if (/^\/data\/local\/tmp\/\S+/.test(word)) return '<tmpfile>';
        return word;
      });
      out.push(`${entry.kind}: ${words.join(' ')}`);
    }
  }
  return out;
}

/**
 * The same commands in a stable order: a client may start its log follow and its presence check together (svc
 * does: the follow reads from a timestamp taken before the dispatch), so the order they reach the device in varies.
 */
export function sortedCommands(entries: readonly LoggedDeviceCommand[]): string[] {
  // The follow watchdog writes its check only when an execution waits quietly for a while: timing, not behaviour.
  return normalizeCommands(entries)
    .filter((command) => !command.includes('svc-watchdog'))
    .sort();
}

/** The payloads the device received, parsed (what each client sent for the same execution). */
export function payloads(entries: readonly LoggedDeviceCommand[]): unknown[] {
  return entries.flatMap((e) =>
    e.kind === 'broadcast' && typeof e.extras.payload === 'string' ? [JSON.parse(e.extras.payload)] : [],
  );
}

/**
 * Each execution the device received, in order, as `<commandId>: <action types>`: what the payload placeholders of
 * the command lines hide, so a second broadcast shows whether it re-ran the execution or only read the screen.
 */
export function dispatched(entries: readonly LoggedDeviceCommand[]): string[] {
  return (payloads(entries) as { commandId?: string; actions?: { type?: string }[] }[]).map(
    (p) => `${p.commandId}: ${(p.actions ?? []).map((a) => a.type).join(' ')}`,
  );
}

export interface ResultSummary {
  /** `envelope` when the client returned one, else the client's error code. */
  outcome: 'envelope' | string;
  status?: string;
  error?: string | null;
  errorCode?: string;
  steps?: { id: string; actionType: string; success: boolean; data: Record<string, string> }[];
}

/** The envelope of either client's JSON output (svc's run result or the published CLI's `{ envelope, … }`). */
export function summarizeResult(stdout: string): ResultSummary {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    return { outcome: 'UNPARSEABLE_OUTPUT' };
  }
  const envelope = (json.envelope ?? (json.result as Record<string, unknown> | undefined)?.envelope) as
    | { status: string; error: string | null; errorCode?: string; stepResults?: ResultSummary['steps'] }
    | undefined;
  if (!envelope)
    return { outcome: String(json.code ?? (json.error as { code?: string } | undefined)?.code ?? 'NO_ENVELOPE') };
  return {
    outcome: 'envelope',
    status: envelope.status,
    error: envelope.error,
    ...(envelope.errorCode !== undefined ? { errorCode: envelope.errorCode } : {}),
    steps: (envelope.stepResults ?? []).map((s) => ({
      id: s.id,
      actionType: s.actionType,
      success: s.success,
      data: short(s.data ?? {}),
    })),
  };
}

/**
 * A long value (a snapshot's XML) as its length and hash, so reports stay readable and still compare it; a
 * screenshot's path (each client's own temporary file) as `<path>`.
 */
function short(data: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'path') {
      out[key] = '<path>';
      continue;
    }
    out[key] =
      value.length > 200
        ? `<${value.length} chars, sha256 ${createHash('sha256').update(value).digest('hex').slice(0, 16)}>`
        : value;
  }
  return out;
}
