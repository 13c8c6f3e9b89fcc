// A soft keyboard that will not close, which the simulator's keyboard cannot show (it closes on ESCAPE): the driver
// tries ESCAPE, then BACK (appium-adb keyboard-commands hides it with 111, then 4; ADB-DRIVER-NOTES "keyboard"), then
// fails the step, instead of reading the screen and pressing ESCAPE until the execution's time has long passed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeAdb, ok } from '../../../adapters/adb/fake-adb.test-helper.ts';
import { click } from './actions/nodes.ts';
import { fakeStep } from './fake-step.test-helper.ts';

const XML =
  "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">" +
  '<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">' +
  '<node index="0" text="Save" resource-id="p:id/save" class="android.widget.Button" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,2200][1080,2400]" />' +
  '</node></hierarchy>';

test('a keyboard that stays up over the target: ESCAPE, then BACK, then the step fails without tapping', async () => {
  const adb = new FakeAdb();
  adb.handle = (_serial, command) => {
    if (command.startsWith('getprop')) return ok('34\n');
    if (command.includes('uiautomator dump'))
      return ok(`UI hierchary dumped to: /data/local/tmp/x.xml\n__svc_rc=0\n${XML}`);
    if (command.includes('dumpsys input_method')) return ok('__svc_keyboard_up\n__svc_rc=0\n');
    return ok('__svc_rc=0\n');
  };
  const step = fakeStep(adb, { id: 'save', type: 'click', params: { matcher: { textEquals: 'Save' } } });
  await assert.rejects(click(step), { code: 'GESTURE_FAILED', message: /keyboard/ });
  const keys = adb.calls.filter((c) => c.includes('input keyevent')).map((c) => /keyevent (\d+)/.exec(c)?.[1]);
  assert.deepEqual(keys, ['111', '4']);
  assert.ok(!adb.calls.some((c) => /: input tap /.test(c)), 'never tapped the keyboard');
});
