// Start-up cost is a product feature (agents call the CLI hundreds of times): an execution command must load its own
// command module and the proxy client, and nothing of the adb stack, the servers, the SDKs or the other commands.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

const MAIN = new URL('./main.ts', import.meta.url).href;
const PROXY = new URL('../daemon/proxy.ts', import.meta.url).href;

/** The module URLs a fresh process loads to run `svc <argv>` and then import the daemon proxy client. */
async function modulesLoadedBy(argv: string[]): Promise<string[]> {
  const script = `
    import module from 'node:module';
    const loaded = [];
    module.registerHooks({ load: (url, context, next) => (loaded.push(url), next(url, context)) });
    const { main } = await import(${JSON.stringify(MAIN)});
    process.stdout.write = () => true;
    await main(${JSON.stringify(argv)});
    await import(${JSON.stringify(PROXY)});
    process.stderr.write(JSON.stringify(loaded));
  `;
  const { stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stderr) as string[];
}

const HEAVY =
  /@yume-chan|@modelcontextprotocol|hono|zod|\/src\/(server\/(?!version|port)|mcp|skills|emulators|doctor|adapters|executions|app)\//;

test('an execution command loads only its own command module and no adb, server, SDK or other command code', async () => {
  const loaded = await modulesLoadedBy(['snapshot', '--dry-run']);
  assert.deepEqual(
    loaded.filter((url) => HEAVY.test(url)),
    [],
  );
  const commands = loaded.filter((url) => url.includes('/cli/commands/')).map((url) => url.replace(/.*\//, ''));
  assert.deepEqual(commands, ['observe.ts']);
  assert.ok(loaded.some((url) => url.endsWith('/daemon/proxy.ts')));
});

test('svc --version loads no command module', async () => {
  const loaded = await modulesLoadedBy(['--version']);
  assert.deepEqual(
    loaded.filter((url) => url.includes('/cli/commands/')),
    [],
  );
});
