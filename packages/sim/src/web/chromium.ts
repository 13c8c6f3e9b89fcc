// The real headless Chromium behind the simulator's browser and WebViews: Debian's /usr/bin/chromium, one per
// simulated device, a fresh profile folder each time, DevTools on a port of its choosing (read from its own
// "DevTools listening on ws://…" line), and close() that ends the process and removes the profile.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = process.env.SVC_SIM_CHROMIUM ?? '/usr/bin/chromium';
const START_TIMEOUT_MS = 30_000;

export interface Chromium {
  /** The DevTools HTTP and WebSocket port on 127.0.0.1. */
  readonly port: number;
  /** ws://127.0.0.1:<port>/devtools/browser/<id> */
  readonly browserUrl: string;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  const profile = await mkdtemp(join(tmpdir(), 'svc-sim-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--mute-audio',
      `--user-data-dir=${profile}`,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      // Every request of a page is answered by the simulator (web-engine.ts): the browser's own network goes to a
      // closed port, loopback included (`<-loopback>`), so a page's WebSocket reaches nothing either.
      '--proxy-server=http://127.0.0.1:9',
      '--proxy-bypass-list=<-loopback>',
      'about:blank',
    ],
    // A group of its own: Chromium's helpers (zygote, renderers) are its children, and are ended with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  // The browser is ours alone: whatever way this process ends, its group ends with it (a test that never closed its
  // device must not leave a browser running).
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  process.once('exit', killGroup);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', killGroup);
      resolve();
    }),
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) killGroup();
    await exited;
    // A helper may still be closing a file of the profile for a moment.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => {});
  };
  try {
    const browserUrl = await listeningUrl(child);
    return { port: Number(new URL(browserUrl).port), browserUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${seen.slice(-500)}`)), START_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${CHROMIUM}: ${error.message} (apt-get install -y chromium)`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited with ${code}: ${seen.slice(-500)}`));
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      seen += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        seen = '';
        resolve(match[1] as string);
      }
      // Keep draining stderr (a full pipe would stall Chromium) without keeping it all.
      if (seen.length > 20_000) seen = seen.slice(-5000);
    });
  });
}
