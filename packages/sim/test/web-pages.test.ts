// Real pages on the simulated device, through the real adb binary: Chrome and hybrid apps show pages a real headless
// Chromium renders; `uiautomator dump` shows the page's nodes inside the WebView (Chromium's Android accessibility,
// content/browser/accessibility/browser_accessibility_android.cc GetClassName, and only nodes visible to the user as
// AOSP AccessibilityNodeInfoDumper.dumpNodeRec keeps); the DevTools sockets are listed in /proc/net/unix as Linux
// prints abstract sockets (net/unix/af_unix.c unix_seq_show: `@name`) and reached with `adb forward … localabstract:`
// as Chrome's remote debugging documents (developer.chrome.com/docs/devtools/remote-debugging: chrome_devtools_remote,
// webview_devtools_remote_<pid>); and pages load only from the 127.0.0.1 address a test serves.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { PNG } from 'pngjs';
import { openPageInApp } from '../src/index.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';

const PAGE = `<!doctype html><title>Sign in</title><h1>Welcome</h1>
<label for="user">Name</label><input id="user">
<button id="go" onclick="document.querySelector('h1').textContent='Hello '+document.getElementById('user').value">Go</button>
<p id="probe">probe</p>
<p id="socket">socket</p>
<script>fetch(location.search.slice(1) || '/none').then(() => probe.textContent = 'reached', () => probe.textContent = 'blocked');
const ws = new WebSocket('ws://' + location.host + '/ws'); ws.onopen = () => socket.textContent = 'socket open'; ws.onerror = () => socket.textContent = 'socket refused';</script>
<div style="background:#ff0000;height:400px"></div>`;

describe('real pages in the simulated device', () => {
  let lab: Lab;
  let serial: string;
  let server: Server;
  let origin: string;
  let upgrades = 0;
  before(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
    // The page's server would take a WebSocket (RFC 6455 handshake), so a refused one is the browser's doing.
    server.on('upgrade', (req, socket) => {
      upgrades++;
      const key = String(req.headers['sec-websocket-key']);
      const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    lab = await createLab({ devices: [{ webPages: true }] });
    serial = lab.devices[0]!.serial;
  });
  after(async () => {
    await lab?.close();
    server?.close();
  });
  const shell = (line: string) => lab.adb('-s', serial, 'shell', line);
  const dump = async () => (await shell('uiautomator dump /dev/tty')).stdout;
  /** A page's own fetch settles after it loaded: read until the dump shows `pattern` (or give the last dump). */
  const dumpShowing = async (pattern: RegExp) => {
    let xml = '';
    for (let i = 0; i < 30 && !pattern.test(xml); i++) xml = await dump();
    return xml;
  };

  it('opens an http address in Chrome and dumps the page nodes inside the WebView', async () => {
    assert.equal((await shell(`am start -a android.intent.action.VIEW -d ${origin}/`)).code, 0);
    const xml = await dump();
    assert.match(xml, /class="android.webkit.WebView" package="com.android.chrome"/);
    assert.match(xml, /text="Welcome" resource-id="" class="android.view.View"/);
    assert.match(xml, /resource-id="user" class="android.widget.EditText"/);
    assert.match(xml, /text="Go" resource-id="go" class="android.widget.Button"/);
  });

  it('lists Chrome’s DevTools socket and serves only Chrome’s tabs on it through adb forward', async () => {
    assert.match((await shell('cat /proc/net/unix')).stdout, /@chrome_devtools_remote\n/);
    const forwarded = await lab.adb('-s', serial, 'forward', 'tcp:0', 'localabstract:chrome_devtools_remote');
    const port = Number(forwarded.stdout.trim());
    try {
      const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { url: string }[];
      assert.deepEqual(
        list.map((t) => t.url),
        [`${origin}/`],
      );
      assert.equal((await fetch(`http://127.0.0.1:${port}/json/version`)).status, 404);
    } finally {
      await lab.adb('-s', serial, 'forward', '--remove', `tcp:${port}`);
    }
  });

  it('types into the page and clicks its button through input, and the dump shows the change', async () => {
    const field = /resource-id="user" class="android.widget.EditText"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(
      await dump(),
    );
    assert.ok(field);
    const [x, y] = [(Number(field[1]) + Number(field[3])) >> 1, (Number(field[2]) + Number(field[4])) >> 1];
    await shell(`input tap ${x} ${y}`);
    await shell('input text Ada');
    const button = /text="Go" resource-id="go"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(await dump());
    assert.ok(button);
    await shell(
      `input tap ${(Number(button[1]) + Number(button[3])) >> 1} ${(Number(button[2]) + Number(button[4])) >> 1}`,
    );
    assert.match(await dump(), /text="Hello Ada"/);
  });

  it('shows the page in the screenshot', async () => {
    const png = PNG.sync.read((await lab.adbBytes('-s', serial, 'exec-out', 'screencap -p')).stdout);
    const xml = await dump();
    const web = /class="android.webkit.WebView"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
    assert.ok(web);
    let red = 0;
    for (let y = Number(web[2]); y < Number(web[4]); y += 7) {
      const i = (y * png.width + 540) * 4;
      if (png.data[i]! > 200 && png.data[i + 1]! < 40 && png.data[i + 2]! < 40) red++;
    }
    assert.ok(red > 10, `the page's red block is drawn (${red} red samples)`);
  });

  it('refuses requests to any other address, another local port included', async () => {
    await shell(`am start -a android.intent.action.VIEW -d '${origin}/?http://127.0.0.1:9/x'`);
    assert.match(await dumpShowing(/text="blocked"/), /text="blocked" resource-id="probe"/);
    // A WebSocket, even to the page's own server (which accepts it here), never leaves the browser.
    assert.match(await dumpShowing(/text="socket refused"/), /text="socket refused" resource-id="socket"/);
    assert.equal(upgrades, 0);
    await shell(`am start -a android.intent.action.VIEW -d '${origin}/?${origin}/same'`);
    assert.match(await dumpShowing(/text="reached"/), /text="reached" resource-id="probe"/);
    await shell('am start -a android.intent.action.VIEW -d https://example.com/');
    assert.match(await dump(), /svc-sim opens only http:\/\/127\.0\.0\.1/);
  });

  it('serves a debuggable WebView on its process socket, and none for a WebView that is not debuggable', async () => {
    const sim = lab.devices[0]!;
    openPageInApp(sim, 'com.svc.hybrid', `${origin}/`);
    assert.match(await dump(), /package="com.svc.hybrid"[^>]*\/>|text="Go" resource-id="go"/);
    const pid = (await shell('pidof com.svc.hybrid')).stdout.trim();
    assert.match((await shell('cat /proc/net/unix')).stdout, new RegExp(`@webview_devtools_remote_${pid}\\n`));
    openPageInApp(sim, 'com.svc.hybrid.locked', `${origin}/`);
    const locked = await dump();
    assert.match(locked, /text="Go" resource-id="go" class="android.widget.Button" package="com.svc.hybrid.locked"/);
    const lockedPid = (await shell('pidof com.svc.hybrid.locked')).stdout.trim();
    assert.doesNotMatch((await shell('cat /proc/net/unix')).stdout, new RegExp(`_${lockedPid}\\n`));
    openPageInApp(sim, 'com.svc.hybrid.flat', `${origin}/`);
    const flat = await dump();
    assert.match(flat, /class="android.webkit.WebView" package="com.svc.hybrid.flat"[^>]*\/>/);
    assert.doesNotMatch(flat, /resource-id="go"/);
  });
});
