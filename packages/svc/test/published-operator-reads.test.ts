// Reads the published operator does differently from what svc asks (issue 35, 3c and 3d), through real adb on a
// simulated phone running Clawperator's code:
// - read_key_value_pair has no `all` there: its parser reads labelMatcher and retry only (AgentCommandParser.kt:185-190
//   @ v0.5.2) and returns one pair (UiActionEngine.kt:158-186), so svc refuses `all` for the operator and the adb
//   driver returns every pair (`auto` hands such an execution to the adb driver, which can run it).
// - validatorPattern is compiled with Kotlin's Regex, java.util.regex (AgentCommandParser.kt:191-205), while the
//   payload is parsed: Java's `(?i)^…$` works, and a construct only JavaScript takes would drop the whole payload, so
//   svc refuses it by name for the operator (the simulator compiles as Java does: packages/sim/src/operator/java-regex.ts);
//   `auto` matches it on the host with the adb driver instead.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { runCliJson } from './run-cli.ts';

describe('reads on the published operator (real adb, Clawperator)', () => {
  let lab: Lab;
  let serial: string;
  before(async () => {
    lab = await createLab({ devices: [{ operator: { variant: 'clawperator' } }] });
    serial = lab.devices[0]?.serial as string;
    const open = await svc('open', 'com.android.settings');
    assert.equal(open.code, 0, open.stdout);
  });
  after(async () => {
    if (lab) await stopDaemonsOf(lab.home);
    await lab?.close();
  });
  const svc = (...args: string[]) => runCliJson([...args, '--device', serial], { env: lab.env });
  const broadcasts = () => lab.devices[0]?.device.commandLog.filter((c) => c.startsWith('am broadcast')).length ?? 0;
  const TITLE = ['--id', 'com.android.settings:id/title'];

  test("Java's (?i)^…$ validator pattern is taken and checked as the app checks it", async () => {
    const ok = await svc('read', ...TITLE, '--validator', 'regex', '--validator-pattern', '(?i)^NETWORK & INTERNET$');
    assert.equal(ok.code, 0, ok.stdout);
    assert.equal(ok.json.driver, 'operator');
    assert.equal(ok.json.envelope.stepResults[0].data.text, 'Network & internet');
    // The adb driver reads the same pattern the same way.
    const adb = await svc(
      'read',
      ...TITLE,
      '--validator',
      'regex',
      '--validator-pattern',
      '(?i)^NETWORK & INTERNET$',
      '--driver',
      'adb',
    );
    assert.equal(adb.code, 0, adb.stdout);
    assert.equal(adb.json.envelope.stepResults[0].data.text, 'Network & internet');
  });

  test('a pattern only JavaScript takes is refused for the operator, naming the construct, and nothing is sent', async () => {
    const before = broadcasts();
    for (const [pattern, construct] of [
      ['(?<first_word>\\w+).*', '(?<first_word>'],
      ['\\u{4E}.*', '\\u{4E}'],
      ['[^]*', '[^]'],
    ]) {
      const run = await svc(
        'read',
        ...TITLE,
        '--validator',
        'regex',
        '--validator-pattern',
        pattern as string,
        '--driver',
        'operator',
      );
      assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED', run.stdout);
      assert.equal(run.json.details.path, 'actions[0].params.validatorPattern');
      assert.equal(run.json.details.construct, construct);
      assert.match(run.json.message, /Java's regular expression syntax/);
    }
    assert.equal(broadcasts(), before);
    // With auto, the adb driver runs it: svc matches on the host, where JavaScript's dialect is fine.
    const auto = await svc('read', ...TITLE, '--validator', 'regex', '--validator-pattern', '[^]*');
    assert.equal(auto.code, 0, auto.stdout);
    assert.equal(auto.json.driver, 'adb', auto.stdout);
    assert.equal(broadcasts(), before);
    // JavaScript's dialect is fine where svc matches on the host.
    const adb = await svc(
      'read',
      ...TITLE,
      '--validator',
      'regex',
      '--validator-pattern',
      '(?<first_word>\\w+).*',
      '--driver',
      'adb',
    );
    assert.equal(adb.code, 0, adb.stdout);
  });

  test('read-value --all is refused for the operator (it would return one pair) and the adb driver returns every pair', async () => {
    const before = broadcasts();
    const refused = await svc('read-value', '--label', 'Network & internet', '--all', '--driver', 'operator');
    assert.equal(refused.json.code, 'EXECUTION_VALIDATION_FAILED', refused.stdout);
    assert.equal(refused.json.details.path, 'actions[0].params.all');
    assert.match(refused.json.hint, /--driver adb/);
    assert.equal(broadcasts(), before);
    const one = await svc('read-value', '--label', 'Network & internet');
    assert.equal(one.json.driver, 'operator', one.stdout);
    const all = await svc('read-value', '--label', 'Network & internet', '--all', '--driver', 'adb');
    assert.equal(all.json.driver, 'adb', all.stdout);
    // With auto, the adb driver returns every pair at once.
    const auto = await svc('read-value', '--label', 'Network & internet', '--all');
    assert.equal(auto.json.driver, 'adb', auto.stdout);
    assert.deepEqual(auto.json.envelope.stepResults[0].data, all.json.envelope.stepResults[0].data);
  });
});
