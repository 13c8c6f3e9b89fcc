// The engine's read_text and scroll actions (apps/android/shared/data/task/src/main/kotlin/clawperator/task/runner/
// UiActionEngine.kt @ v0.5.2, lines per function): which failures return a failed step and which end the execution.

import { IllegalArgumentException, IllegalStateException } from './kotlin.ts';
import { clickWire, floatString, matcherString, RETRY, type StepResult, type UiActionOf } from './model.ts';
import { compileKotlinRegex } from './parser.ts';
import { scrollLoop, scrollUntilFound } from './scroll-loops.ts';
import { scrollOnce } from './scrolling.ts';
import { ui } from './task-scope.ts';
import type { UiContext } from './ui-scope.ts';
import { click, readAllText, readText, waitForNode } from './ui-scope.ts';

const step = (
  action: { id: string },
  actionType: string,
  data: Record<string, string>,
  success = true,
): StepResult => ({
  id: action.id,
  actionType,
  success,
  data,
});

/** TaskValidators.kt:21-30 and Temperature.parse (action/unit/Temperature.kt:52-78). */
function validatorOf(action: UiActionOf<'ReadText'>): ((text: string) => boolean) | undefined {
  switch (action.validator) {
    case 'Temperature':
      return (text) => {
        const t = text.trim();
        if (t === '') return false;
        const numeric = t.replace(/(°[CFcf]|[CFcf])$/, '').trim();
        return /^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/.test(numeric);
      };
    case 'Version':
      return (text) => /^\d+(\.\d+)*$/.test(text);
    case 'Regex': {
      const regex = compileKotlinRegex(action.validatorPattern ?? '');
      // Kotlin's String.matches(regex): the whole text.
      return (text) => new RegExp(`^(?:${regex.source})$`, regex.flags).test(text);
    }
    default:
      return undefined;
  }
}

/** executeReadText (:423-594). */
export async function readStep(ctx: UiContext, action: UiActionOf<'ReadText'>): Promise<StepResult> {
  const container = action.container;
  const containerData = container ? { container: matcherString(container) } : {};
  try {
    if (action.all) {
      const texts = await ui(ctx, () => readAllText(ctx, action.matcher, action.retry, container));
      const json = `[${texts.map((t) => `"${t.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}]`;
      return step(action, 'read_text', {
        text: json,
        all: 'true',
        count: String(texts.length),
        validator: 'none',
        ...containerData,
      });
    }
    const text = await ui(ctx, () => readText(ctx, action.matcher, action.retry, container, validatorOf(action)));
    return step(action, 'read_text', { text, validator: action.validator?.toLowerCase() ?? 'none', ...containerData });
  } catch (e) {
    if (e instanceof IllegalStateException) {
      const msg = e.message;
      if (msg.includes('Validation failed for text') && action.validator !== undefined) {
        const raw = /Validation failed for text '(.*)' from/s.exec(msg)?.[1] ?? '';
        return step(action, 'read_text', { error: 'VALIDATOR_MISMATCH', raw_text: raw }, false);
      }
      if (msg.includes('Container not found'))
        return step(action, 'read_text', { error: 'CONTAINER_NOT_FOUND' }, false);
      if (msg.includes('No UI node found matching criteria') && msg.includes('within container')) {
        return step(action, 'read_text', { error: 'NODE_NOT_FOUND' }, false);
      }
    } else if (e instanceof IllegalArgumentException && action.validator === 'Regex') {
      return step(
        action,
        'read_text',
        { error: 'INVALID_REGEX_PATTERN', message: e.message || 'Invalid regex pattern' },
        false,
      );
    }
    throw e;
  }
}

const scrollParams = (a: UiActionOf<'Scroll' | 'ScrollUntil' | 'ScrollAndClick'>) => ({
  container: a.container,
  direction: a.direction,
  distanceRatio: a.distanceRatio,
  settleDelayMs: a.settleDelayMs,
  findFirstScrollableChild: a.findFirstScrollableChild,
});

/** executeScroll (:265-324): every IllegalStateException becomes a container failure (a cancellation too). */
export async function scrollStep(ctx: UiContext, action: UiActionOf<'Scroll'>): Promise<StepResult> {
  const direction = action.direction.toLowerCase();
  try {
    const r = await ui(ctx, () => scrollOnce(ctx, scrollParams(action), action.retry));
    const data: Record<string, string> = {
      scroll_outcome: r.outcome === 'Moved' ? 'moved' : r.outcome === 'EdgeReached' ? 'edge_reached' : 'gesture_failed',
      direction,
      distance_ratio: floatString(action.distanceRatio),
      settle_delay_ms: String(action.settleDelayMs),
    };
    if (r.resolvedContainerId !== undefined) data.resolved_container = r.resolvedContainerId;
    if (r.outcome === 'GestureFailed') return step(action, 'scroll', { ...data, error: 'GESTURE_FAILED' }, false);
    return step(action, 'scroll', data);
  } catch (e) {
    if (!(e instanceof IllegalStateException)) throw e;
    const code = e.message.includes('Scrollable container not found')
      ? 'CONTAINER_NOT_SCROLLABLE'
      : 'CONTAINER_NOT_FOUND';
    ctx.log.w('Engine', `[UiActionEngine] executeScroll: ${code} - ${e.message}`);
    return step(action, 'scroll', { error: code, direction, settle_delay_ms: String(action.settleDelayMs) }, false);
  }
}

/** executeScrollUntil (:326-421). */
export async function scrollUntilStep(ctx: UiContext, action: UiActionOf<'ScrollUntil'>): Promise<StepResult> {
  const p = {
    ...scrollParams(action),
    maxScrolls: action.maxScrolls,
    maxDurationMs: action.maxDurationMs,
    noPositionChangeThreshold: action.noPositionChangeThreshold,
  };
  const first = await ui(ctx, () => scrollLoop(ctx, action.matcher, p));
  let reason = first.reason;
  const matcher = action.matcher;
  if (
    matcher &&
    ['EDGE_REACHED', 'MAX_SCROLLS_REACHED', 'MAX_DURATION_REACHED', 'NO_POSITION_CHANGE'].includes(reason)
  ) {
    try {
      await ui(ctx, () => waitForNode(ctx, matcher, RETRY.UiReadiness));
      reason = 'TARGET_FOUND';
    } catch (e) {
      if (!(e instanceof IllegalStateException)) throw e;
    }
  }
  const containerError =
    reason === 'CONTAINER_NOT_FOUND' || reason === 'CONTAINER_NOT_SCROLLABLE' || reason === 'CONTAINER_LOST';
  const targetNotFound = matcher !== undefined && reason !== 'TARGET_FOUND';
  if (!containerError && !targetNotFound && action.clickAfter && reason === 'TARGET_FOUND' && matcher) {
    await ui(ctx, () => click(ctx, { matcher }, action.clickType, RETRY.UiReadiness));
  }
  const data: Record<string, string> = {
    termination_reason: reason,
    scrolls_executed: String(first.scrolls),
    direction: action.direction.toLowerCase(),
    click_after: String(action.clickAfter),
    click_types: clickWire(action.clickType),
  };
  if (first.resolvedContainerId !== undefined) data.resolved_container = first.resolvedContainerId;
  if (containerError) data.error = reason;
  else if (targetNotFound) data.error = 'TARGET_NOT_FOUND';
  return step(action, 'scroll_until', data, !(containerError || targetNotFound));
}

/** executeScrollAndClick (:232-263) over clickAfterScroll (TaskUiScope.kt:278-299): not found is fatal. */
export async function scrollAndClickStep(ctx: UiContext, action: UiActionOf<'ScrollAndClick'>): Promise<StepResult> {
  await ui(ctx, async () => {
    const p = { ...scrollParams(action), maxSwipes: action.maxSwipes };
    const found = await scrollUntilFound(ctx, action.matcher, p, action.scrollRetry);
    if (!found)
      throw new IllegalStateException(`Target node not found after scrolling: ${matcherString(action.matcher)}`);
    if (action.clickAfter) await click(ctx, { matcher: action.matcher }, action.clickType, action.clickRetry);
  });
  return step(action, 'scroll_and_click', {
    max_swipes: String(action.maxSwipes),
    direction: action.direction,
    click_types: clickWire(action.clickType),
    click_after: String(action.clickAfter),
  });
}
