// Pages as elements, through real adb and a real headless Chromium in the simulated device: the page's elements
// appear in the compact screen where the WebView is, with refs; actions on them go through the page (clicks where
// the element is, any text typed as a keyboard commits it); a WebView that is not debuggable falls back to its
// accessibility nodes and svc says why, once.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { openPageInApp, type SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCliJson } from './run-cli.ts';
import { postJson, startLabServerOn } from './server-helpers.ts';
import { connectSse } from './sse-client.ts';

const SIGN_IN = `<!doctype html><title>Sign in</title><h1>Sign in</h1>
<form onsubmit="event.preventDefault(); document.body.innerHTML = '<h1>Welcome, ' + user.value + '</h1><p>' + pass.value.length + ' characters</p>'">
<label for="user">Name</label><input id="user" placeholder="you@example.com">
<label for="pass">Password</label><input id="pass" type="password">
<button>Continue</button></form>`;

const CHANGES = `<!doctype html><title>Counter</title><p id="count">Clicked 0 times</p>
<button onclick="const n = +this.dataset.n + 1; this.dataset.n = n; count.textContent = 'Clicked ' + n + ' times'; if (n === 3) document.body.insertAdjacentHTML('beforeend', '<a href=/next>Next page</a>')" data-n="0">Add one</button>`;

function longPage(): string {
  const rows = Array.from({ length: 2000 }, (_, i) => `<li><a href="#r${i + 1}">Row ${i + 1}</a></li>`).join('');
  return `<!doctype html><title>Long</title><h1>Two thousand rows</h1><ul>${rows}</ul><button id="end">The end</button>`;
}

const PAGES: Record<string, string> = {
  '/signin': SIGN_IN,
  '/changes': CHANGES,
  '/long': longPage(),
  '/next': '<!doctype html><title>Next</title><h1>The next page</h1>',
};

const refOf = (text: string, pattern: RegExp) => {
  const line = text.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `no line matching ${pattern} in:\n${text}`);
  return (line as string).split(' ')[0] as string;
};

describe('web pages as elements (adb driver, real Chromium)', () => {
  let lab: Lab;
  let sim: SimDevice;
  let server: Server;
  let origin: string;
  const svc = (...args: string[]) =>
    runCliJson([...args, '--driver', 'adb', '--device', sim.serial, '--no-daemon'], { env: lab.env });
  const screenOf = (run: Awaited<ReturnType<typeof svc>>) => {
    assert.equal(run.code, 0, run.stdout);
    return run.json.screen as string;
  };
  before(async () => {
    server = createServer((req, res) => {
      const page = PAGES[(req.url ?? '/').split('?')[0] as string];
      res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    lab = await createLab({ devices: [{ webPages: true, operator: false }] });
    sim = lab.devices[0] as SimDevice;
  });
  after(async () => {
    await lab?.close();
    server?.close();
  });

  test('a sign-in form in the browser is completed by refs, with text beyond ASCII', async () => {
    const opened = screenOf(await svc('open', `${origin}/signin`, '--screen', 'full'));
    assert.match(opened, /^# com\.android\.chrome /);
    assert.match(opened, /text "Sign in"/);
    const name = refOf(opened, /textfield .*desc="Name"/);
    const pass = refOf(opened, /textfield .*desc="Password"/);
    const go = refOf(opened, /button "Continue"/);
    const typed = await svc('type', '--ref', name, '--text', 'Zoë Ångström 日本 🙂');
    assert.equal(typed.code, 0, typed.stdout + opened);
    assert.equal((await svc('type', '--ref', pass, '--text', 'pässwörd')).code, 0);
    const after = screenOf(await svc('click', '--ref', go, '--screen', 'full'));
    assert.match(after, /"Welcome, Zoë Ångström 日本 🙂"/);
    assert.match(after, /"8 characters"/);
  });

  test('a page that changes after a click shows the change in the screen the click returns', async () => {
    screenOf(await svc('open', `${origin}/changes`, '--screen', 'full'));
    // A text selector finds the page's button as it finds a native one.
    const first = screenOf(await svc('click', '--text', 'Add one', '--screen', 'full'));
    assert.match(first, /"Clicked 1 times"/);
    const add = refOf(first, /button "Add one"/);
    const second = screenOf(await svc('click', '--ref', add, '--screen', 'diff'));
    assert.match(second, /"Clicked 2 times"/);
    const third = screenOf(await svc('click', '--selector', '{"css":"button[data-n]"}', '--screen', 'diff'));
    assert.match(third, /"Clicked 3 times"/);
    assert.match(third, /button "Next page"/);
    const read = await svc('read', '--id', 'count');
    assert.equal(read.json.envelope.stepResults[0].data.text, 'Clicked 3 times');
    const next = screenOf(await svc('click', '--role', 'button', '--text', 'Next page', '--screen', 'full'));
    assert.match(next, /"The next page"/);
    assert.equal((await svc('wait', '--text', 'The next page')).code, 0);
    const back = screenOf(await svc('back', '--screen', 'full'));
    assert.match(back, /button "Add one"/);
  });

  test('a page of 2,000 elements costs only what its screen shows, and scrolls a far element into view', async () => {
    const long = screenOf(await svc('open', `${origin}/long`, '--screen', 'full'));
    const count = Number(/, (\d+) elements/.exec(long)?.[1]);
    assert.ok(count > 10 && count < 150, `only the rows on screen are elements (${count}):\n${long}`);
    assert.match(long, /"Row 1"/);
    assert.doesNotMatch(long, /"Row 2000"|"The end"/);
    assert.ok(long.length < 10_000, `the screen is ${long.length} characters`);
    const far = screenOf(await svc('scroll-until', '--text', 'Row 1500', '--screen', 'full'));
    assert.match(far, /button "Row 1500"/);
    assert.doesNotMatch(far, /"Row 1"\s/);
    // A CSS selector finds the page's element wherever it is, and brings it into view.
    const end = await svc('scroll-until', '--selector', '{"css":"button#end"}', '--click', '--screen', 'full');
    assert.match(screenOf(end), /button "The end"/);
  });

  test('a WebView that is not debuggable shows its accessibility nodes, and svc says why once', async () => {
    openPageInApp(sim, 'com.svc.hybrid.locked', `${origin}/signin`);
    const server = await startLabServerOn(lab);
    try {
      const read = async () => {
        const answer = await postJson(server.url, '/execute', {
          execution: { commandId: `w${Date.now()}`, actions: [{ id: 's', type: 'sleep', params: { durationMs: 1 } }] },
          deviceId: sim.serial,
          driver: 'adb',
          screen: 'full',
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return (answer.body as { screen: string }).screen;
      };
      const first = await read();
      assert.match(first, /^# com\.svc\.hybrid\.locked /);
      // Chrome's accessibility nodes, as the WebView gives them: the button is there, its page element is not.
      assert.match(first, /button "Continue"/);
      assert.match(first, /WebView\.setWebContentsDebuggingEnabled\(true\)/);
      const second = await read();
      assert.match(second, /button "Continue"|as before/);
      assert.doesNotMatch(second, /setWebContentsDebuggingEnabled/);
    } finally {
      await server.close();
    }
  });

  test('text typed into a page stays out of the event stream', async () => {
    const server = await startLabServerOn(lab);
    const sse = await connectSse(`${server.url}/events`);
    try {
      const answer = await postJson(server.url, '/execute', {
        execution: {
          actions: [
            { type: 'open_uri', params: { uri: `${origin}/signin` } },
            { type: 'enter_text', params: { matcher: { resourceId: 'pass' }, text: 'tödlich-geheim' } },
          ],
        },
        deviceId: sim.serial,
        driver: 'adb',
        screen: 'full',
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(
        (answer.body as { envelope: { status: string } }).envelope.status,
        'success',
        JSON.stringify(answer.body),
      );
      const frames = await sse.collectUntil((frame) => frame.event === 'svc:result', 1);
      const streamed = JSON.stringify(frames);
      assert.match(streamed, /typed text hidden/);
      assert.doesNotMatch(streamed, /tödlich-geheim/);
    } finally {
      sse.close();
      await server.close();
    }
  });
});

describe('CSS selectors with the operator driver', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}] });
  });
  after(async () => {
    await lab?.close();
  });

  test('are refused before anything runs, naming the adb driver', async () => {
    const sim = lab.devices[0] as SimDevice;
    const before = sim.device.inputs.entries().length;
    const run = await runCliJson(
      ['click', '--selector', '{"css":"#accept"}', '--driver', 'operator', '--device', sim.serial, '--no-daemon'],
      { env: lab.env },
    );
    assert.notEqual(run.code, 0);
    assert.equal(run.json.code, 'EXECUTION_ACTION_UNSUPPORTED', run.stdout);
    assert.match(run.json.message, /needs the adb driver/);
    assert.equal(sim.device.inputs.entries().length, before);
  });
});
