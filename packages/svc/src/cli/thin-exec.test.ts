// Which calls the thin client of `svc exec` takes (the rest go to the full CLI, which parses them as commander does).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { thinCallOf } from './thin-exec.ts';

test('takes exec or execute with inline JSON and at most --device, wherever the flag stands', () => {
  assert.deepEqual(thinCallOf(['exec', '{"a":1}']), { payload: '{"a":1}' });
  assert.deepEqual(thinCallOf(['execute', ' {}']), { payload: ' {}' });
  assert.deepEqual(thinCallOf(['--device', 'emu-1', 'exec', '{}']), { payload: '{}', device: 'emu-1' });
  assert.deepEqual(thinCallOf(['exec', '{}', '--device=h:5037/emu-1']), { payload: '{}', device: 'h:5037/emu-1' });
});

test('declines anything else: a file or stdin payload, other flags, a repeated or valueless --device, extra words', () => {
  for (const argv of [
    ['exec', 'payload.json'],
    ['exec', '-'],
    ['exec', '{}', '--output', 'json'],
    ['exec', '{}', '--no-daemon'],
    ['exec', '{}', '--timeout-ms', '5'],
    ['exec', '{}', '--device', 'a', '--device', 'b'],
    ['exec', '{}', '--device'],
    ['exec', '{}', 'more'],
    ['exec'],
    ['snapshot'],
    ['help', 'exec', '{}'],
    ['exec', '--help', '{}'],
  ]) {
    assert.equal(thinCallOf(argv), undefined, argv.join(' '));
  }
});
