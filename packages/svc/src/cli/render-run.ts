// Pretty rendering of a run result (SPEC 2.7): a status line and one row per step. Long values (snapshot XML) are
// shortened here only; JSON mode always carries them in full.
import type { RunResult, StepResult } from '../contracts/types.ts';
import { bold, dim, green, red, table } from './style.ts';

const MAX_VALUE = 120;

/**
 * A value as the device gave it: plain when it has no whitespace but single inner spaces, else quoted with its line
 * breaks, tabs and spaces kept visible (`"a  b\n"`), so what a field holds is what is shown. Long ones are cut.
 */
export function shownValue(value: string): string {
  const shown = /^\s|\s$|\s\s|[^\S ]|[\u0000-\u001f\u007f"]/.test(value) ? JSON.stringify(value) : value;
  return shown.length <= MAX_VALUE ? shown : `${shown.slice(0, MAX_VALUE)}… (${value.length} chars)`;
}

function dataText(step: StepResult): string {
  return Object.entries(step.data)
    .map(([key, value]) => `${key}=${shownValue(value)}`)
    .join(' ');
}

export function renderRunResult(result: RunResult): string {
  if (!result.ok) return `${red('failed')} ${bold(result.error.code)}: ${result.error.message}`;
  const { envelope } = result;
  const steps = envelope.stepResults ?? [];
  // `succeeded` may say more than the steps (scroll-until whose target never showed).
  const allOk = envelope.status === 'success' && steps.every((step) => step.success) && result.succeeded;
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
