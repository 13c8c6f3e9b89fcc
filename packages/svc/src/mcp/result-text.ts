// A run result as the one text an MCP client reads (no second copy as structured content: no svc tool declares an
// output schema): "ok", or a line per step when one failed (a run that succeeded prints only the steps with
// something to say), only the data that says something the agent did not send (a read's text, where
// a scroll ended, the file a screenshot went to), a failure with its code, the elements closest to a selector that
// found nothing and what to do, then the screen after the run when one was asked for.
//   ok
//   # com.svc.login 1080x2400: 1 changed, 5 as before
//   e2 textfield "alice" desc="Username" id=username [0,310][1080,460] focused
import { inCallerTerms } from '../contracts/caller-terms.ts';
import type { ErrorBody } from '../contracts/errors.ts';
import type { RunResult, StepResult } from '../contracts/types.ts';

/** Data keys that only say back what the call sent (or how the host did it): left out of the text. */
const ECHOED: Readonly<Record<string, readonly string[]>> = {
  open_app: ['application_id'],
  open_uri: ['uri'],
  close_app: ['application_id'],
  // A click's coordinate is the one sent, or the centre of the ref's element, which its line already shows.
  click: ['click_types', 'coordinate'],
  // The length of the text sent: the caller knows it.
  enter_text: ['text', 'text_length', 'submit'],
  press_key: ['key'],
  sleep: ['duration_ms'],
  scroll: ['direction', 'distance_ratio', 'settle_delay_ms'],
  scroll_until: ['direction', 'click_after', 'click_types'],
  scroll_and_click: ['max_swipes', 'direction', 'click_types', 'click_after'],
  snapshot_ui: ['actual_format', 'format', 'refs'],
  set_on_screen_log: ['visible', 'rendered'],
  clear_on_screen_log: ['visible'],
};

/** Keys printed on lines of their own after the step (several lines each). */
const BLOCKS = new Set(['text', 'closest']);

function stepLine(step: StepResult, single: boolean, quiet: boolean): string[] {
  const echoed = ECHOED[step.actionType] ?? [];
  const failed = !step.success;
  const skip = new Set([...(failed ? ['error', 'message'] : echoed), 'warn']);
  const inline: string[] = [];
  const blocks: string[] = [];
  for (const [key, value] of Object.entries(step.data)) {
    if (skip.has(key)) continue;
    if (key === 'closest') blocks.push(`closest on screen:\n${value}`);
    else if (BLOCKS.has(key) && step.actionType === 'snapshot_ui') blocks.push(value);
    else inline.push(`${key}=${JSON.stringify(value)}`);
  }
  // In a run that succeeded whole, a step with nothing to say beyond its success is not printed: the run's "ok" says it.
  if (quiet && inline.length === 0 && blocks.length === 0) return [];
  const name = single ? '' : ` ${step.id} ${step.actionType}`;
  const head = failed
    ? `FAILED${name}: ${step.data.error ?? step.error ?? 'STEP_FAILED'} ${step.data.message ?? step.error ?? ''}`.trim()
    : `ok${name}`;
  return [[head, ...inline].join(' '), ...blocks];
}

/** An svc error as text: code and message, what to do, and its details when they say more. */
export function errorText(body: ErrorBody & { hint?: string }): string {
  const lines = [`${body.code}: ${body.message}`];
  if (body.hint) lines.push(`hint: ${inCallerTerms(body.hint, 'mcp')}`);
  // The screen an error carries (a stale ref: the screen as it is now) is printed as a screen, after the rest.
  const { screen, ...details } = body.details ?? {};
  if (Object.keys(details).length > 0) lines.push(`details: ${JSON.stringify(details)}`);
  if (typeof screen === 'string') lines.push(screen);
  return lines.join('\n');
}

export function runText(result: RunResult): string {
  if (!result.ok) return errorText(result.error);
  const { envelope } = result;
  const steps = envelope.stepResults ?? [];
  const lines: string[] = [];
  // Said once: when the run ended in a failed step, that step's line says the code and the message.
  const endedInStep = envelope.status !== 'success' && steps.some((step) => step.id === result.failedStepId);
  if (envelope.status !== 'success' && !endedInStep) {
    lines.push(
      `FAILED: ${result.failedCode ?? envelope.errorCode ?? 'EXECUTION_FAILED'} ${envelope.error ?? ''}`.trim(),
    );
  }
  const whole = envelope.status === 'success' && steps.every((step) => step.success);
  const single = steps.length === 1 && (envelope.status === 'success' || endedInStep);
  if (whole && !single) lines.push('ok');
  for (const step of steps) lines.push(...stepLine(step, single, whole && !single));
  if (!result.succeeded && result.hint) lines.push(`hint: ${inCallerTerms(result.hint, 'mcp')}`);
  if (result.screen !== undefined) lines.push(result.screen);
  return lines.join('\n');
}
