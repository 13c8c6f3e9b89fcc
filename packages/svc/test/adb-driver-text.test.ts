// Typing through `input text` on a simulated stock phone, through real adb: every text below passes the host's
// quoting once (double escaping types the backslashes: openatx/adbutils#197), `%s` (which `input text` turns into a
// space) is typed literally, spaces survive, a newline is the enter key (a newline in a multi-line field), and the
// field then holds exactly the text sent, read back from a fresh dump. The operator driver, which sets the text
// directly, must end with the same field. Text `input text` cannot type (outside printable ASCII; a phone fails with
// a NullPointerException: mobile-next/mobile-mcp#78) is refused before the device is touched, with its own code.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { NOTES, runAdb, step } from './adb-driver-helpers.ts';

const TORTURE = [
  `it's "quoted"`,
  "'",
  "''",
  '"',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's ${...}, typed literally, is the point
  '$(id) and ${HOME} and $HOME',
  '`reboot`',
  'a;b&c|d>e<f && g || h',
  '100%s done',
  '%s',
  '%%s',
  '%',
  's%',
  '  two  spaces  ',
  'back\\slash \\n \\t \\\\',
  'line one\nline two',
  '\nstarts with a newline',
  '!#*?[]{}~^=+,.:@/',
  'x',
];

const note = { resourceId: `${NOTES}:id/note` };

function typeAndRead(texts: readonly string[]) {
  return [
    { id: 'stop', type: 'close_app', params: { applicationId: NOTES } },
    { id: 'open', type: 'open_app', params: { applicationId: NOTES } },
    ...texts.flatMap((text, i) => [
      { id: `type${i}`, type: 'enter_text', params: { matcher: note, text } },
      { id: `read${i}`, type: 'read_text', params: { matcher: note } },
    ]),
  ];
}

describe('typing with input text', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }, {}] });
  });
  after(() => lab?.close());

  test('the field ends with exactly the text sent, whatever the shell would make of it, on both drivers', async () => {
    const [viaAdb, viaOperator] = await Promise.all([
      runAdb(lab, 0, typeAndRead(TORTURE), { timeoutMs: 120_000 }),
      runAdb(lab, 1, typeAndRead(TORTURE), { timeoutMs: 120_000 }, 'operator'),
    ]);
    for (const [i, text] of TORTURE.entries()) {
      assert.equal(step(viaAdb, `type${i}`).success, true, JSON.stringify(step(viaAdb, `type${i}`)));
      assert.equal(step(viaAdb, `read${i}`).data.text, text, `adb driver, text ${i}`);
      assert.equal(step(viaOperator, `read${i}`).data.text, text, `operator, text ${i}`);
    }
    const typed = viaAdb.commands.filter((c) => c.includes('input text'));
    assert.ok(
      typed.every((c) => !c.includes('input text %s')),
      'a literal %s is never sent as one token',
    );
  });

  test('text outside printable ASCII without the Unicode keyboard: TEXT_NOT_TYPABLE before any step runs, naming the command; the operator types it', async () => {
    for (const [text, bad, index] of [
      ['café', 'é', 3],
      ['smile 😀', '😀', 6],
      ['tab\there', '\t', 3],
    ] as const) {
      const run = await runAdb(lab, 0, typeAndRead([text]));
      assert.ok(!run.result.ok, JSON.stringify(run.result));
      assert.equal(run.result.error.code, 'TEXT_NOT_TYPABLE');
      assert.deepEqual(run.result.error.details, {
        deviceId: lab.devices[0]!.serial,
        path: 'actions[2].params.text',
        actionId: 'type0',
        actionType: 'enter_text',
        driver: 'adb',
        character: bad,
        index,
      });
      // Only asked whether svc's Unicode keyboard is there (it is not), then whether a page is in front (whose fields
      // take any text without it: the window in front and its DevTools sockets): nothing typed, nothing changed.
      assert.equal(run.commands[0], 'ime list -a -s');
      for (const command of run.commands.slice(1)) assert.match(command, /^(dumpsys window|cat \/proc\/net\/unix)/);
      assert.match(run.result.error.hint ?? '', /svc keyboard install --device /);
    }
    const operator = await runAdb(lab, 1, typeAndRead(['café ☕']), {}, 'operator');
    assert.equal(step(operator, 'read0').data.text, 'café ☕');
  });
});
