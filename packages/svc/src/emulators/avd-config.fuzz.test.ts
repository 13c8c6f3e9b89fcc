// Property tests of AVD metadata parsing (SPEC 2.9): `~/.android/avd/*.ini` files are user-editable and may be
// truncated, binary or hostile. Describing an AVD never throws, reports reasons only from the DECISIONS 8 list in
// that order, and calls an AVD supported only when no rule fails.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { describeAvd } from './avd-config.ts';
import { parseIni } from './ini.ts';
import { UNSUPPORTED_REASONS } from './supported-profile.ts';

const RUNS = 300;
const KEYS = [
  'image.sysdir.1',
  'abi.type',
  'hw.device.name',
  'PlayStore.enabled',
  'target',
  '__proto__',
  'constructor',
];
const VALUES = [
  'system-images/android-35/google_apis_playstore/arm64-v8a/',
  'system-images\\android-35\\google_apis_playstore\\arm64-v8a\\',
  'android-99999999999999999999999',
  'arm64-v8a',
  'pixel_7',
  'TRUE',
  'true',
  '',
];
const line = fc.oneof(
  fc
    .tuple(fc.constantFrom(...KEYS), fc.oneof(fc.constantFrom(...VALUES), fc.string({ unit: 'binary', maxLength: 30 })))
    .map(([k, v]) => `${k}=${v}`),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('# comment', '=novalue', 'no equals sign', '\r', '\u0000\u0000'),
);
const iniText = fc.oneof(
  fc.tuple(fc.array(line, { maxLength: 15 }), fc.constantFrom('\n', '\r\n')).map(([lines, eol]) => lines.join(eol)),
  fc.constant(undefined),
);

describe('AVD config fuzzing', () => {
  test('any pair of ini files is described without throwing, with known reasons in the documented order', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), iniText, iniText, fc.boolean(), (name, topIni, configIni, running) => {
        const avd = describeAvd(name, { topIni, configIni }, running);
        assert.equal(avd.name, name);
        assert.equal(avd.exists, topIni !== undefined || configIni !== undefined);
        const order = avd.unsupportedReasons.map((r) => UNSUPPORTED_REASONS.indexOf(r));
        assert.ok(order.every((i) => i >= 0));
        assert.deepEqual(
          order,
          [...order].sort((a, b) => a - b),
        );
        assert.equal(avd.supported, avd.exists && avd.unsupportedReasons.length === 0);
        assert.ok(Number.isInteger(avd.apiLevel) && avd.apiLevel >= 0);
        for (const field of [avd.abi, avd.deviceProfile, avd.systemImage]) assert.equal(typeof field, 'string');
        assert.equal(JSON.parse(JSON.stringify(avd)).name, name); // serializable as an HTTP answer
        assert.equal(Object.getPrototypeOf({}), Object.prototype);
      }),
      { numRuns: RUNS },
    );
  });

  test('the ini parser keeps every well-formed key=value line and reports every malformed one by number', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const parsed = parseIni(lines.join('\n'));
        for (const n of parsed.badLines) {
          const raw = (lines.join('\n').split(/\r?\n/)[n - 1] ?? '').trim();
          assert.ok(raw.indexOf('=') <= 0, `line ${n} ${JSON.stringify(raw)} was reported bad`);
        }
        for (const key of parsed.values.keys()) assert.ok(key.length > 0);
      }),
      { numRuns: RUNS },
    );
  });
});
