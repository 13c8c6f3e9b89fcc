// UiActionEngineDefault (apps/android/shared/data/task/src/main/kotlin/clawperator/task/runner/UiActionEngine.kt
// :26-783 @ v0.5.2): the actions run in order; each returns a step result (which may be a failure) or throws, and a
// throw ends the whole execution (the runner turns it into `Task execution failed: …`).

import type { DeviceApi } from '../device/types.ts';
import { centerOf } from '../ui/ui-node.ts';
import { syncPages } from '../web/device-pages.ts';
import type { OperatorBrand } from './brand.ts';
import { readStep, scrollAndClickStep, scrollStep, scrollUntilStep } from './engine-reads.ts';
import { runGesture } from './gestures.ts';
import { readKeyValuePair } from './key-value.ts';
import { IllegalStateException, require } from './kotlin.ts';
import { type AgentCommand, clickWire, pointString, type StepResult, type UiAction, type UiActionOf } from './model.ts';
import type { OnScreenLogHost } from './on-screen-log.ts';
import type { RecordingManager } from './recording.ts';
import { mapString } from './status-sink.ts';
import { logUiTree, openApp, openUri, pause, ui, waitForNavigation } from './task-scope.ts';
import { click, enterText, type UiContext, waitForNode } from './ui-scope.ts';

export interface EngineContext extends UiContext {
  brand: OperatorBrand;
  device: DeviceApi;
  recording: RecordingManager;
  onScreenLog: OnScreenLogHost | undefined;
  /** Release builds rename the UiAction classes the engine logs (R8). */
  release: boolean;
  /** The simulator's `disconnect_mid_execution` fault fires after the first step. */
  afterFirstStep?: () => void;
}

const step = (action: UiAction, actionType: string, data: Record<string, string>, success = true): StepResult => ({
  id: action.id,
  actionType,
  success,
  data,
});

const TYPE_ORDER: UiAction['type'][] = [
  'OpenUri',
  'OpenApp',
  'CloseApp',
  'WaitForNode',
  'Click',
  'ScrollAndClick',
  'Scroll',
  'ScrollUntil',
  'ReadText',
  'SnapshotUi',
  'StartRecording',
  'StopRecording',
  'DoctorPing',
  'TakeScreenshot',
  'EnterText',
  'Sleep',
  'PressKey',
  'WaitForNavigation',
  'ReadKeyValuePair',
  'OnScreenLog',
];

/** `action::class.simpleName`: the class name, or its R8 name in a release build. */
const className = (ctx: EngineContext, action: UiAction) =>
  ctx.release ? `${String.fromCharCode(97 + TYPE_ORDER.indexOf(action.type))}` : action.type;

export async function execute(ctx: EngineContext, command: AgentCommand): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const action of command.actions) {
    results.push(await executeSingle(ctx, action));
    if (results.length === 1) ctx.afterFirstStep?.();
  }
  return results;
}

async function executeSingle(ctx: EngineContext, action: UiAction): Promise<StepResult> {
  ctx.log.d('Engine', `[UiActionEngine] step_start id=${action.id} type=${className(ctx, action)}`);
  const result = await run(ctx, action);
  ctx.log.d(
    'Engine',
    `[UiActionEngine] step_success id=${action.id} type=${className(ctx, action)} data=${mapString(result.data)}`,
  );
  return result;
}

function unsupportedRuntime(
  ctx: EngineContext,
  action: UiAction,
  what: 'close apps' | 'capture screenshots',
  extra: Record<string, string>,
) {
  const word = what === 'close apps' ? 'CLOSE' : 'SCREENSHOT';
  const tool = what === 'close apps' ? "'adb shell am force-stop'" : "'adb exec-out screencap -p'";
  return step(
    action,
    what === 'close apps' ? 'close_app' : 'take_screenshot',
    {
      ...extra,
      error: `UNSUPPORTED_RUNTIME_${word}`,
      message: `Android runtime cannot reliably ${what}. Use the ${ctx.brand.display} Node API or ${tool} directly for this action.`,
    },
    false,
  );
}

async function run(ctx: EngineContext, action: UiAction): Promise<StepResult> {
  switch (action.type) {
    case 'OpenUri':
      await openUri(ctx, action.uri, action.retry);
      return step(action, 'open_uri', { uri: action.uri });
    case 'OpenApp':
      await openApp(ctx, action.applicationId, action.retry);
      return step(action, 'open_app', { application_id: action.applicationId });
    case 'CloseApp':
      return unsupportedRuntime(ctx, action, 'close apps', { application_id: action.applicationId });
    case 'WaitForNavigation': {
      const r = await waitForNavigation(ctx, action.expectedPackage, action.expectedNode, action.timeoutMs);
      if (r.success) {
        return step(action, 'wait_for_navigation', {
          ...(r.lastPackage ? { resolved_package: r.lastPackage } : {}),
          elapsed_ms: String(r.elapsedMs),
        });
      }
      return step(
        action,
        'wait_for_navigation',
        { error: 'NAVIGATION_TIMEOUT', ...(r.lastPackage ? { last_package: r.lastPackage } : {}) },
        false,
      );
    }
    case 'ReadKeyValuePair':
      return readKeyValueStep(ctx, action);
    case 'WaitForNode': {
      const node = await ui(ctx, () => waitForNode(ctx, action.matcher, action.retry, action.timeoutMs));
      return step(action, 'wait_for_node', {
        resource_id: node.resourceId ?? '',
        label: node.label,
        ...(action.timeoutMs !== undefined ? { timeout_ms: String(action.timeoutMs) } : {}),
      });
    }
    case 'Click':
      await ui(ctx, () => click(ctx, action, action.clickType, action.retry));
      return step(action, 'click', {
        ...(action.coordinate ? { coordinate: pointString(action.coordinate) } : {}),
        click_types: clickWire(action.clickType),
      });
    case 'ScrollAndClick':
      return scrollAndClickStep(ctx, action);
    case 'Scroll':
      return scrollStep(ctx, action);
    case 'ScrollUntil':
      return scrollUntilStep(ctx, action);
    case 'ReadText':
      return readStep(ctx, action);
    case 'SnapshotUi': {
      // The operator walks the window's accessibility nodes as uiautomator does (toUiAutomatorHierarchyDump,
      // AccessibilityNodeInfoExtAndroid.kt:635-724: every getChild, a WebView's page nodes among them), and a
      // phone's WebView renders its page whoever reads it; the simulator renders pages on demand, so this read
      // brings them up to date as a dump does.
      await syncPages(ctx.device);
      const meta = await logUiTree(ctx, action.retry);
      const data: Record<string, string> = { actual_format: 'hierarchy_xml' };
      if (meta?.foregroundPackage !== undefined) data.foreground_package = meta.foregroundPackage;
      data.has_overlay = String(meta?.hasOverlay ?? false);
      if (meta?.overlayPackage !== undefined) data.overlay_package = meta.overlayPackage;
      if (meta) data.window_count = String(meta.windowCount);
      // The later builds, whose panel the svc variant keeps, say whether their own overlay shows (3.9 of
      // docs/published-operator.md).
      if (ctx.onScreenLog) data.operator_overlay_visible = String(ctx.onScreenLog.panel.visible());
      return step(action, 'snapshot_ui', data);
    }
    case 'StartRecording':
    case 'StopRecording':
      return recordingStep(ctx, action);
    case 'TakeScreenshot':
      return unsupportedRuntime(ctx, action, 'capture screenshots', {});
    case 'EnterText':
      await ui(ctx, () => enterText(ctx, action.matcher, action.text, action.submit, action.retry));
      return step(action, 'enter_text', { text: action.text, submit: String(action.submit) });
    case 'Sleep':
      require(action.durationMs >= 0, () => 'durationMs must be >= 0');
      await pause(ctx, action.durationMs, action.retry);
      return step(action, 'sleep', { duration_ms: String(action.durationMs) });
    case 'DoctorPing': {
      // DeveloperOptionsManager's flows (Settings.Global development_settings_enabled / adb_enabled).
      ctx.job.ensureActive();
      const global = ctx.device.settings.global;
      return step(action, 'doctor_ping', {
        developer_options_enabled: String(global.get('development_settings_enabled') === '1'),
        usb_debugging_enabled: String(global.get('adb_enabled') === '1'),
      });
    }
    case 'PressKey': {
      const key = action.key.toLowerCase();
      // UiGlobalActionDispatcher.kt:15-16: without the service this throws (and ends the execution).
      if (!ctx.bridge.serviceConnected())
        throw new IllegalStateException('OperatorAccessibilityService is not running - cannot execute press_key');
      if ('code' in action) {
        ctx.bridge.keyEvent(action.code);
        return step(action, 'press_key', { key });
      }
      if (ctx.bridge.globalAction(action.key)) return step(action, 'press_key', { key });
      ctx.log.w('Engine', `[UiActionEngine] executePressKey: performGlobalAction returned false for key=${key}`);
      return step(action, 'press_key', { key, error: 'GLOBAL_ACTION_FAILED' }, false);
    }
    case 'Drag': {
      // svc's variant: both ends found on the screen, then one stroke from the centre of one to the other's.
      const from = centerOf((await ui(ctx, () => waitForNode(ctx, action.from, action.retry))).bounds);
      const to = centerOf((await ui(ctx, () => waitForNode(ctx, action.to, action.retry))).bounds);
      await ctx.bridge.gesture(ctx.job, action.durationMs, (screen) =>
        screen.swipe(from.x, from.y, to.x, to.y, action.durationMs),
      );
      return step(action, 'drag', {
        from: `${from.x},${from.y}`,
        to: `${to.x},${to.y}`,
        duration_ms: String(action.durationMs),
      });
    }
    case 'DoubleTap':
    case 'LongPress':
    case 'Swipe': {
      // svc's variant (svc's gestures): one dispatched accessibility gesture each (gestures.ts).
      const { actionType, data, success } = await runGesture(ctx, action);
      return step(action, actionType, data, success);
    }
    case 'OnScreenLog':
      if (!ctx.onScreenLog) throw new IllegalStateException(`unsupported action: ${action.id}`);
      return ctx.onScreenLog.run(ctx, action);
  }
}

/** executeReadKeyValuePair (:157-186): NODE_NOT_FOUND / VALUE_NODE_NOT_FOUND return failures; anything else throws. */
async function readKeyValueStep(ctx: EngineContext, action: UiActionOf<'ReadKeyValuePair'>): Promise<StepResult> {
  try {
    const [label, value] = await ui(ctx, () => readKeyValuePair(ctx, action.labelMatcher, action.retry));
    return step(action, 'read_key_value_pair', { label, value });
  } catch (e) {
    if (
      e instanceof IllegalStateException &&
      (e.message === 'NODE_NOT_FOUND' || e.message === 'VALUE_NODE_NOT_FOUND')
    ) {
      return step(action, 'read_key_value_pair', { error: e.message }, false);
    }
    throw e;
  }
}

/** executeStartRecording / executeStopRecording (:621-689). */
function recordingStep(ctx: EngineContext, action: UiActionOf<'StartRecording' | 'StopRecording'>): StepResult {
  const start = action.type === 'StartRecording';
  const type = start ? 'start_recording' : 'stop_recording';
  const outcome = start ? ctx.recording.start(action.sessionId) : ctx.recording.stop(action.sessionId);
  if (outcome.kind === 'started')
    return step(action, type, { sessionId: outcome.sessionId, filePath: outcome.filePath });
  if (outcome.kind === 'stopped') {
    return step(action, type, {
      sessionId: outcome.sessionId,
      filePath: outcome.filePath,
      eventCount: String(outcome.eventCount),
    });
  }
  const data: Record<string, string> = { error: outcome.code, message: outcome.message };
  if (outcome.sessionId !== undefined) data.sessionId = outcome.sessionId;
  if (outcome.filePath !== undefined) data.filePath = outcome.filePath;
  return step(action, type, data, false);
}

export { step };
