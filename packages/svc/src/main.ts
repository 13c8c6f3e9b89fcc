// The composition root: the one module that knows every front end. It runs the CLI and hands it the launchers of
// the long-running front ends (HTTP server, MCP server, daemon), each loaded only when its command runs.
// `node src/main.ts <args>` (and the bundle's dist/cli.js) run svc as a process; the daemon is spawned that way.
import { runHotPath } from './cli/hot-path.ts';
import type { Launchers } from './cli/launchers.ts';
import { exitQuietlyOnClosedStdout } from './cli/output.ts';
import { homeOf } from './contracts/env.ts';
import { osHomedir } from './core/home.ts';

export const launchers: Launchers = {
  async serve(options) {
    const [{ createContext }, { startServe }] = await Promise.all([
      import('./core/context.ts'),
      import('./server/serve-process.ts'),
    ]);
    // A long-lived process keeps one device-log follow per device warm between executions.
    await startServe(createContext({ longLived: true }), options);
  },
  async inspect(options) {
    const [{ createContext }, { serveInspector }] = await Promise.all([
      import('./core/context.ts'),
      import('./server/inspector/inspect-process.ts'),
    ]);
    return serveInspector(() => createContext({ longLived: true }), options);
  },
  async mcp(options) {
    const [{ viaDaemon }, { randomHex }, { forgetClient }, { resolve }] = await Promise.all([
      import('./submit/submit.ts'),
      import('./adapters/random-id.ts'),
      import('./executions/refs/ref-store.ts'),
      import('node:path'),
    ]);
    // `--apks-dir` is the APK folder of install calls, as SVC_APKS_DIR is (the tools read it from the environment).
    const env =
      options.apksDir === undefined ? process.env : { ...process.env, SVC_APKS_DIR: resolve(options.apksDir) };
    const runtime = {
      env,
      cwd: process.cwd(),
      submit: viaDaemon({
        env: process.env,
        home: homeOf(process.env, osHomedir),
        daemon: options.daemon,
        log: (line: string) => process.stderr.write(`${line}\n`),
      }),
      defaultDeviceId: options.defaultDeviceId,
      defaultOperatorPackage: options.defaultOperatorPackage,
      defaultDriver: options.defaultDriver,
      // Refs and screen changes follow this server's own reads, not another client's of the same device.
      client: `mcp-${randomHex(8)}`,
      log: (line: string) => process.stderr.write(`${line}\n`),
    };
    const home = homeOf(process.env, osHomedir);
    await forgetClient(home, runtime.client);
    if (options.http) {
      const { serveHttp } = await import('./mcp/http.ts');
      await serveHttp(runtime, {
        port: options.port,
        allowOrigins: options.allowOrigins,
        auth: options.auth,
        home: homeOf(process.env, osHomedir),
      });
    } else {
      const { serveStdio } = await import('./mcp/stdio.ts');
      await serveStdio(runtime);
    }
    await forgetClient(home, runtime.client);
  },
  async daemon(options) {
    const { runDaemon } = await import('./server/daemon/daemon-server.ts');
    await runDaemon({ serial: options.serial, verbose: options.verbose, env: process.env });
  },
};

/**
 * An agent's call (`svc exec`, a flat command) takes the hot path, which loads neither commander nor the command
 * modules; everything else, and whatever the hot path declines, goes to the full command line.
 */
export async function main(argv: string[]): Promise<number> {
  const hot = await runHotPath(argv);
  if (hot !== undefined) return hot;
  const { main: runCli } = await import('./cli/main.ts');
  return runCli(argv, launchers);
}

/** Runs the CLI as a process: bin/svc.js, and `node <this file>` (the daemon is spawned that way). */
export function runAsProcess(): void {
  exitQuietlyOnClosedStdout();
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

// No top-level await: the bundle (scripts/build.ts) is CommonJS, where this becomes `require.main === module`.
if (import.meta.main) runAsProcess();
