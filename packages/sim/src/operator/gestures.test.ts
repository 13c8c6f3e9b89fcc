// svc's operator app runs svc's gesture actions as an accessibility service does: it finds the element, then hands
// a GestureDescription to AccessibilityService.dispatchGesture (AOSP frameworks/base
// core/java/android/accessibilityservice/GestureDescription.java: StrokeDescription(path, startTime, duration), at
// most getMaxStrokeCount() = 20 strokes within getMaxGestureDuration() = 60 s). A double tap is two strokes: Android's
// GestureDetector takes the second as a double tap when it goes down between ViewConfiguration.DOUBLE_TAP_MIN_TIME
// (40 ms) and DOUBLE_TAP_TIMEOUT (300 ms) after the first went up (GestureDetector.isConsideredDoubleTap). A long
// press is one still stroke held past ViewConfiguration.DEFAULT_LONG_PRESS_TIMEOUT (400 ms). The published app's
// parser has no such types (AgentCommandParser.kt:251 @ v0.5.2 `unsupported action type`) and drops the payload.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { GestureStroke } from '../device/input-log.ts';
import { centerOf, walk } from '../ui/ui-node.ts';
import { appHarness } from './harness.test-helper.ts';
import { APP, TEST_APP } from './test-app.test-helper.ts';

const svcApp = () => {
  const h = appHarness({ variant: 'svc', apps: [TEST_APP] });
  h.ui.launch(APP);
  return h;
};

const gesturesOf = (h: ReturnType<typeof svcApp>): (readonly GestureStroke[])[] =>
  h.device.inputs.entries().flatMap((e) => (e.kind === 'gesture' ? [e.strokes] : []));

describe("svc's operator: double_tap, long_press and swipe as dispatched gestures", () => {
  test('double_tap on an element: two still strokes at its centre, the second 100 ms after the first ends', async () => {
    const h = svcApp();
    const node = [...walk(h.ui.tree())].find((n) => n.text === 'Wi-Fi');
    assert.ok(node);
    const at = centerOf(node.bounds);
    const out = await h.run([{ id: 'd', type: 'double_tap', params: { matcher: { textEquals: 'Wi-Fi' } } }]);
    assert.deepEqual(out.envelope?.stepResults[0], {
      id: 'd',
      actionType: 'double_tap',
      success: true,
      data: { x: String(at.x), y: String(at.y) },
    });
    const [strokes] = gesturesOf(h);
    assert.deepEqual(strokes, [
      { x1: at.x, y1: at.y, x2: at.x, y2: at.y, startMs: 0, durationMs: 50 },
      { x1: at.x, y1: at.y, x2: at.x, y2: at.y, startMs: 150, durationMs: 50 },
    ]);
    const [first, second] = strokes ?? [];
    const gap = (second?.startMs ?? 0) - ((first?.startMs ?? 0) + (first?.durationMs ?? 0));
    assert.ok(gap >= 40 && gap <= 300, `within DOUBLE_TAP_MIN_TIME..DOUBLE_TAP_TIMEOUT: ${gap}`);
  });

  test('long_press at a point: one still stroke held durationMs (default 1000), and the step waits for it', async () => {
    const h = svcApp();
    const out = await h.run([
      { id: 'l', type: 'long_press', params: { coordinate: { x: 100, y: 200 }, durationMs: 1500 } },
      { id: 'm', type: 'long_press', params: { coordinate: { x: 100, y: 200 } } },
    ]);
    assert.deepEqual(
      out.envelope?.stepResults.map((s) => s.data),
      [
        { x: '100', y: '200', duration_ms: '1500' },
        { x: '100', y: '200', duration_ms: '1000' },
      ],
    );
    assert.deepEqual(gesturesOf(h), [
      [{ x1: 100, y1: 200, x2: 100, y2: 200, startMs: 0, durationMs: 1500 }],
      [{ x1: 100, y1: 200, x2: 100, y2: 200, startMs: 0, durationMs: 1000 }],
    ]);
    assert.ok(out.elapsedMs >= 2500, `the app waited for both gestures to end (${out.elapsedMs} ms)`);
  });

  test('swipe across an element runs through its centre from 80% to 20% of its height when the finger goes up', async () => {
    const h = svcApp();
    const list = [...walk(h.ui.tree())].find((n) => n.resourceId.endsWith(':id/list'));
    assert.ok(list);
    const b = list.bounds;
    const x = Math.floor((b.left + b.right) / 2);
    const height = b.bottom - b.top;
    const out = await h.run([
      { id: 's', type: 'swipe', params: { matcher: { resourceId: list.resourceId }, direction: 'up' } },
      { id: 'p', type: 'swipe', params: { from: { x: 10, y: 20 }, to: { x: 30, y: 40 }, durationMs: 150 } },
    ]);
    const [y1, y2] = [b.top + Math.floor((height * 8) / 10), b.top + Math.floor((height * 2) / 10)];
    assert.deepEqual(
      out.envelope?.stepResults.map((s) => s.data),
      [
        { from: `${x},${y1}`, to: `${x},${y2}`, duration_ms: '300' },
        { from: '10,20', to: '30,40', duration_ms: '150' },
      ],
    );
    assert.deepEqual(gesturesOf(h), [
      [{ x1: x, y1, x2: x, y2, startMs: 0, durationMs: 300 }],
      [{ x1: 10, y1: 20, x2: 30, y2: 40, startMs: 0, durationMs: 150 }],
    ]);
  });

  test('a point off the screen is a failed step with GESTURE_FAILED, and nothing is dispatched', async () => {
    const h = svcApp();
    const out = await h.run([
      { id: 'd', type: 'double_tap', params: { coordinate: { x: 5000, y: 10 } } },
      { id: 's', type: 'swipe', params: { from: { x: 10, y: 20 }, to: { x: 10, y: 9000 } } },
    ]);
    assert.deepEqual(
      out.envelope?.stepResults.map((s) => [s.actionType, s.success, s.data?.error]),
      [
        ['double_tap', false, 'GESTURE_FAILED'],
        ['swipe', false, 'GESTURE_FAILED'],
      ],
    );
    assert.deepEqual(gesturesOf(h), []);
  });

  test('the published app drops a payload with any of them, unanswered', async () => {
    for (const type of ['double_tap', 'long_press', 'swipe']) {
      const h = appHarness({ apps: [TEST_APP] });
      const out = await h.run([{ id: 'g', type, params: { coordinate: { x: 1, y: 2 } } }]);
      assert.equal(out.envelope, undefined, type);
      assert.ok(
        out.messages.some((m) => m.includes(`unsupported action type at index=0: ${type}`)),
        out.messages.join('\n'),
      );
      assert.deepEqual(gesturesOf(h), []);
    }
  });
});
