// Pretty rendering of a run result (SPEC 2.7): a status line and one row per step. Long values (snapshot XML) are
// shortened here only; JSON mode always carries them in full.
import type { RunResult, StepResult } from '../contracts/types.ts';
import { bold, dim, green, red, table } from './style.ts';

const MAX_VALUE = 120;

function shorten(value: string): string {
  const flat = value.replace(/\s+/g, ' ');
  return flat.length <= MAX_VALUE ? flat : `${flat.slice(0, MAX_VALUE)}… (${value.length} chars)`;
}

function dataText(step: StepResult): string {
  return Object.entries(step.data)
    .map(([key, value]) => `${key}=${shorten(value)}`)
    .join(' ');
}

export function renderRunResult(result: RunResult): string {
  if (!result.ok) return `${red('failed')} ${bold(result.error.code)}: ${result.error.message}`;
  const { envelope } = result;
  const steps = envelope.stepResults ?? [];
  const allOk = envelope.status === 'success' && steps.every((step) => step.success);
  const head = `${allOk ? green('ok') : red('failed')} ${dim(`${envelope.commandId} on ${result.deviceId}`)}`;
  const lines = [head];
  if (envelope.error) lines.push(`${red(envelope.errorCode ?? 'error')}: ${envelope.error}`);
  if (steps.length > 0) {
    const rows = steps.map((step) => [step.success ? green('✔') : red('✘'), step.id, step.actionType, dataText(step)]);
    lines.push(table(['', 'step', 'action', 'data'], rows));
  }
  // The summary an agent reads in JSON, for people: which step failed, with which code, and what to do.
  if (!result.succeeded && result.failedCode !== undefined) {
    const where = result.failedStepId === undefined ? '' : ` at step ${bold(result.failedStepId)}`;
    lines.push(`${red('failed')}${where}: ${result.failedCode}`);
    if (result.hint) lines.push(`hint: ${result.hint}`);
  }
  // `svc snapshot --output pretty` is read by people: show the whole XML after the table.
  const only = steps.length === 1 ? steps[0] : undefined;
  if (only?.actionType === 'snapshot_ui' && only.data.text) lines.push(only.data.text);
  // The screen after the run (`--screen`), or the screen a selector that found nothing was looked for on.
  if (result.screen !== undefined) lines.push(result.screen);
  return lines.join('\n');
}
