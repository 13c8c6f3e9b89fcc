// `svc inspect [--port P] [--open]` (with the global --device): the web inspector of the local server, started here
// or reused; `svc inspect ui` stays the snapshot alias (observe.ts).
import { homedir } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { writeLaunchPage } from '../../adapters/fs/launch-page.ts';
import { parsePort } from '../../adapters/http/port.ts';
import { homeOf } from '../../contracts/env.ts';
import { errorBodyOf } from '../../contracts/errors.ts';
import { examples } from '../command-kit.ts';
import { type Globals, readGlobals, targetOf } from '../globals.ts';
import type { InspectServed, Launchers } from '../launchers.ts';
import { openInBrowser } from '../open-browser.ts';
import { printError, printValue } from '../output.ts';
import { snapshotCommand } from './observe.ts';

function pretty(served: InspectServed): string {
  return served.reused
    ? `Inspector: ${served.url}\n(served by the svc server already running on that port)`
    : `Inspector: ${served.url}\n(svc serves it from this process until Ctrl-C)`;
}

/**
 * What the browser is started with: a private page (0600) that forwards to the sign-in link, never the link itself,
 * which would sit on the opener's and the browser's command lines where every local user can read it.
 */
function launchPage(url: string): string {
  const page = writeLaunchPage(homeOf(process.env, homedir), `inspect-${new URL(url).port || '80'}`, url);
  return pathToFileURL(page).href;
}

export function registerInspect(program: Command, launchers: Launchers): void {
  const inspect = program
    .command('inspect')
    .description('web inspector: the screen, its elements and the selectors that find them (local server)')
    .option('--port <port>', 'port of the local server; an svc server already there is reused', '3000')
    .option(
      '--open',
      'open it in the default browser (through a private file, so the sign-in link is on no command line)',
    );
  inspect.action(async (opts: { port: string; open?: boolean }, command: Command) => {
    let globals: Globals | undefined;
    try {
      globals = readGlobals(command);
      // --device / ANDROID_SERIAL and --driver / SVC_DRIVER, checked by the one target rule; the page starts on them.
      const target = targetOf(globals, process.env);
      const served = await launchers.inspect({
        port: parsePort(opts.port),
        deviceId: target.deviceId,
        driver: target.driver,
      });
      printValue(globals.output, { ok: true, ...served }, pretty);
      if (opts.open) {
        const problem = await openInBrowser(launchPage(served.url)).catch((error: Error) => error.message);
        if (problem) process.stderr.write(`svc inspect: could not open a browser (${problem}); open the URL above\n`);
      }
    } catch (error) {
      printError(globals?.output ?? 'json', errorBodyOf(error));
      process.exitCode = 1;
    }
  });
  examples(inspect, ['svc inspect', 'svc inspect --device emulator-5554 --open', 'svc inspect --port 8080']);
  snapshotCommand(inspect, 'ui');
}
