// The params rules of the chores that read the device (logs, crashes, crash, clipboard, notifications, sms) and
// record its screen, as the field rules say them: each refusal names the param at its path (a chore's params are its
// whole input) before any device is asked, and what each chore's example gives passes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateChoreParams } from '../validate-params.ts';
import { clipboardGet } from './clipboard-get.ts';
import { clipboardSet } from './clipboard-set.ts';
import { crash } from './crash.ts';
import { crashes } from './crashes.ts';
import type { ChoreDefinition } from './define.ts';
import { logs } from './logs.ts';
import { notification } from './notification.ts';
import { notifications } from './notifications.ts';
import { recordPull } from './record-pull.ts';
import { recordStart } from './record-start.ts';
import { recordStop } from './record-stop.ts';
import { sms } from './sms.ts';

const CHORES = [
  logs,
  crashes,
  crash,
  clipboardGet,
  clipboardSet,
  recordStart,
  recordStop,
  recordPull,
  notifications,
  notification,
  sms,
] as unknown as readonly ChoreDefinition[];

/** Per chore: params it refuses and the path it names. */
const REFUSED: Record<string, [params: object, path: string][]> = {
  logs: [
    [{ maxLines: 0 }, 'maxLines'],
    [{ maxLines: 2001 }, 'maxLines'],
    [{ level: 'X' }, 'level'],
    [{ grep: '' }, 'grep'],
    [{ grep: 'x'.repeat(201) }, 'grep'],
    [{ package: 'settings' }, 'package'],
    [{ since: 'yesterday' }, 'since'],
    [{ since: '2026-13-45T10:00:00Z' }, 'since'],
    [{ lines: 5 }, 'lines'],
  ],
  crashes: [
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ since: 'soon' }, 'since'],
    [{ package: 'com.example app' }, 'package'],
  ],
  crash: [
    [{}, 'id'],
    [{ id: '  ' }, 'id'],
    [{ id: 'x'.repeat(201) }, 'id'],
  ],
  'clipboard-get': [[{ text: 'x' }, 'text']],
  'clipboard-set': [
    [{}, 'text'],
    [{ text: '' }, 'text'],
    [{ text: 'x'.repeat(10_001) }, 'text'],
  ],
  'record-start': [
    [{ timeLimitS: 0 }, 'timeLimitS'],
    [{ timeLimitS: 181 }, 'timeLimitS'],
    [{ timeLimitS: 1.5 }, 'timeLimitS'],
  ],
  'record-stop': [[{ now: true }, 'now']],
  'record-pull': [
    [{ recordingId: '../x' }, 'recordingId'],
    [{ out: ' ' }, 'out'],
    [{ keepOnDevice: 'yes' }, 'keepOnDevice'],
  ],
  notifications: [
    [{ textMatches: '(' }, 'textMatches'],
    [{ codePattern: '[0-9' }, 'codePattern'],
    [{ textMatches: '' }, 'textMatches'],
    [{ timeoutMs: 99 }, 'timeoutMs'],
    [{ timeoutMs: 600_001 }, 'timeoutMs'],
    [{ extract: 'otp' }, 'extract'],
    [{ maxItems: 0 }, 'maxItems'],
    [{ maxChars: -1 }, 'maxChars'],
    [{ wait: 'true' }, 'wait'],
  ],
  notification: [
    [{}, 'do'],
    [{ do: 'tap', key: 'abc' }, 'do'],
    [{ do: 'open' }, 'key'],
    [{ do: 'open', key: 'ab' }, 'key'],
    [{ do: 'action', key: '0|com.example|1|null|10100' }, 'action'],
    [{ do: 'action', key: '0|com.example|1|null|10100', action: 'Reply', reply: '' }, 'reply'],
  ],
  sms: [
    [{ max: 0 }, 'max'],
    [{ max: 201 }, 'max'],
  ],
};

/** Per chore: params it takes as they are (blanks kept where the runner trims or types them). */
const TAKEN: Record<string, object[]> = {
  logs: [{}, { since: ' 10m ' }, { since: '2026-05-01T10:00:00Z', level: 'F' }, { grep: ' ' }],
  crashes: [{}, { since: '1777629600000' }],
  crash: [{ id: ' data_app_crash@1767261234000 ' }],
  'clipboard-set': [{ text: ' ' }],
  'record-pull': [{}, { recordingId: '20260501T100000-123' }],
  notifications: [{ maxChars: 0 }, { textMatches: 'code|otp', codePattern: '(\\d{6})' }],
  notification: [{ do: 'shade-open' }, { do: 'dismiss', key: 'abc' }],
};

describe('the read and record chores check their params by the field rules', () => {
  test('every case is of one of these chores', () => {
    const names = CHORES.map((chore) => chore.name);
    for (const name of [...Object.keys(REFUSED), ...Object.keys(TAKEN)]) assert.ok(names.includes(name), name);
  });

  for (const chore of CHORES) {
    test(`${chore.name}: its example and the usual params pass; a bad param is refused at its path`, () => {
      for (const params of [chore.example, ...(TAKEN[chore.name] ?? [])]) {
        const outcome = validateChoreParams(chore, params);
        assert.ok(outcome.ok, `${chore.name} ${JSON.stringify(params)}: ${outcome.ok ? '' : outcome.error.message}`);
      }
      for (const [params, path] of REFUSED[chore.name] ?? []) {
        const outcome = validateChoreParams(chore, params);
        assert.equal(outcome.ok, false, `${chore.name} ${JSON.stringify(params)} passed`);
        if (outcome.ok) continue;
        assert.equal(outcome.error.code, 'EXECUTION_VALIDATION_FAILED');
        assert.equal(outcome.error.details?.path, path, outcome.error.message);
        assert.ok(outcome.error.message.startsWith(`Invalid arguments for ${chore.name}: ${path}: `));
      }
    });
  }
});
