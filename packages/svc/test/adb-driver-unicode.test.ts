// Any text on a stock phone (no operator app), through the CLI and real adb: text beyond printable ASCII is refused
// whole with a hint naming the one command that installs svc's Unicode keyboard (Appium Settings' UnicodeIME, npm
// io.appium.settings: modified UTF-7 through `input text`); after that command the same `svc type` types it, the
// field reads back exactly, and the user's own keyboard is selected again, even when the step fails. The simulator
// installs the real APK (its manifest read like a phone's package manager reads it) and models the IME from its
// source (packages/sim/src/device/input-methods.ts); `ime` answers as InputMethodManagerService's shell command.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCli, runCliJson } from './run-cli.ts';

const NOTES = 'com.svc.notes';
const FIELD = `${NOTES}:id/note`;
const TEXT = 'café 北京 🎉';
const LATIN_IME = 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME';

describe('any text on a phone without the operator app', () => {
  let lab: Lab;
  let serial: string;
  const svc = (...args: string[]) => runCliJson([...args, '--device', serial], { env: lab.env });
  const shell = async (line: string) => (await lab.adb('-s', serial, 'shell', line)).stdout.trim();
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }] });
    serial = lab.devices[0]!.serial;
  });
  after(() => lab?.close());

  test('refused with the command to run, which installs the keyboard; then it types, reads back and restores', async () => {
    assert.equal((await svc('open', NOTES)).code, 0);
    const refused = await svc('type', '--id', FIELD, '--text', TEXT);
    assert.equal(refused.code, 1, refused.stdout);
    assert.equal(refused.json.code, 'TEXT_NOT_TYPABLE', refused.stdout);
    const named = /`(svc keyboard install[^`]*)`/.exec(refused.json.hint ?? '')?.[1];
    assert.ok(named, `the hint names the command: ${refused.json.hint}`);
    assert.equal(lab.devices[0]!.device.inputs.entries().length, 0, 'nothing was typed');

    const doctorBefore = await runCliJson(['doctor', '--json', '--device', serial, '--driver', 'adb'], {
      env: lab.env,
    });
    const check = (report: { checks: { id: string; status: string; fix?: { steps: { value: string }[] } }[] }) =>
      report.checks.find((c) => c.id === 'readiness.adb.unicode_keyboard');
    assert.equal(check(doctorBefore.json)?.status, 'warn', doctorBefore.stdout);
    assert.match(JSON.stringify(check(doctorBefore.json)?.fix), /svc keyboard install/);

    // The command exactly as the hint names it.
    const install = await runCliJson([...named.split(' ').slice(1)], { env: lab.env });
    assert.equal(install.code, 0, install.stdout);
    assert.equal(install.json.inputMethod, 'io.appium.settings/.UnicodeIME');
    assert.match(await shell('pm list packages io.appium.settings'), /package:io\.appium\.settings/);
    assert.match(await shell('ime list -s'), /io\.appium\.settings\/\.UnicodeIME/);
    assert.equal(await shell('settings get secure default_input_method'), LATIN_IME, 'installed, not selected');
    // The doctor now says so, and no longer lists typing beyond ASCII among the adb driver's limitations.
    const doctorAfter = await runCliJson(['doctor', '--json', '--device', serial, '--driver', 'adb'], { env: lab.env });
    assert.equal(check(doctorAfter.json)?.status, 'pass', doctorAfter.stdout);
    const adbCheck = doctorAfter.json.checks.find((c: { id: string }) => c.id === 'readiness.driver.adb');
    assert.ok(!JSON.stringify(adbCheck).includes('svc keyboard install'), JSON.stringify(adbCheck));

    const typed = await svc('type', '--id', FIELD, '--text', TEXT);
    assert.equal(typed.code, 0, typed.stdout);
    const read = await svc('read', '--id', FIELD);
    assert.equal(read.json.envelope.stepResults[0].data.text, TEXT, 'the field reads back exactly');
    assert.equal(await shell('settings get secure default_input_method'), LATIN_IME, 'the user keyboard again');
    const sent = lab.devices[0]!.device.inputs.entries().filter((e) => e.kind === 'text');
    assert.ok(
      sent.every((e) => e.kind === 'text' && /^[\x20-\x7e]*$/.test(e.text)),
      `only ASCII key text reached input: ${JSON.stringify(sent)}`,
    );
  });

  test("the user's own keyboard is selected again when the step fails", async () => {
    const sim = lab.devices[0]!;
    sim.faults.set('input_inject_denied');
    try {
      const run = await svc('type', '--id', FIELD, '--text', 'über');
      assert.equal(run.code, 1, run.stdout);
      assert.equal(run.json.failedCode, 'INPUT_INJECTION_DENIED', run.stdout);
    } finally {
      sim.faults.clear('input_inject_denied');
    }
    assert.equal(await shell('settings get secure default_input_method'), LATIN_IME);
  });

  test('an ASCII text with & and %s types through the keyboard path unchanged, and Unicode after a newline', async () => {
    const text = 'Tom & Jerry %s ok\nzweite Zeile: grüße';
    const run = await svc('type', '--id', FIELD, '--text', text);
    assert.equal(run.code, 0, run.stdout);
    const read = await svc('read', '--id', FIELD);
    assert.equal(read.json.envelope.stepResults[0].data.text, text);
    assert.ok((await runCli(['keyboard', 'install', '--help'])).stdout.includes('Unicode'));
  });

  test("a phone that refuses the user's keyboard back: the step fails, naming the keyboard left and how to pick one", async () => {
    // The user's keyboard setting names an input method whose app is gone: `ime set` answers "Unknown input method
    // <id> cannot be selected for user #0" (InputMethodManagerService's shell command; alexal1/Insomniac#333).
    const gone = 'com.example.gone/.Keyboard';
    await shell(`settings put secure default_input_method ${gone}`);
    const typed = await svc('type', '--id', FIELD, '--text', 'naïve');
    assert.equal(typed.code, 1, typed.stdout);
    assert.equal(typed.json.failedCode, 'TEXT_ENTRY_FAILED', typed.stdout);
    assert.match(typed.stdout, /Unknown input method com\.example\.gone\/\.Keyboard cannot be selected/);
    assert.match(typed.stdout, /left on the Unicode keyboard io\.appium\.settings\/\.UnicodeIME/);
    assert.match(typed.stdout, /adb shell ime set/);
    assert.match(typed.json.hint ?? '', /keyboard left selected.*adb shell ime set/);
    assert.equal(await shell('settings get secure default_input_method'), 'io.appium.settings/.UnicodeIME');
    // A step that failed by itself keeps its own failure; the refused restore is added to it.
    await shell(`settings put secure default_input_method ${gone}`);
    const sim = lab.devices[0]!;
    sim.faults.set('input_inject_denied');
    try {
      const denied = await svc('type', '--id', FIELD, '--text', 'über');
      assert.equal(denied.json.failedCode, 'INPUT_INJECTION_DENIED', denied.stdout);
      assert.match(denied.stdout, /your keyboard com\.example\.gone\/\.Keyboard could not be selected again/);
    } finally {
      sim.faults.clear('input_inject_denied');
    }
    // The next step never takes the Unicode keyboard for the user's: it selects the other enabled one again.
    const again = await svc('type', '--id', FIELD, '--text', 'encore é');
    assert.equal(again.code, 0, again.stdout);
    assert.equal(await shell('settings get secure default_input_method'), LATIN_IME);
  });
});
