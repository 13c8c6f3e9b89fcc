// Step 1 of SPEC 4.5: host.node.version, host.adb.presence, host.adb.server (the adb binary, DECISIONS 15).
import { adbServerAddress } from '../../adapters/adb/server-address.ts';
import { codeOf } from '../../contracts/conditions.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { adbStep, fix, manual } from '../fixes.ts';
import type { CheckResult } from '../types.ts';

/** The bundle runs on Node 22 and 24 (a clone's sources need 24, which its own scripts bring). */
const MIN_NODE_MAJOR = 22;
const ADB_TIMEOUT_MS = 30_000;

/** Pure so every branch is testable: the runner passes process.versions.node. */
export function checkNodeVersion(version: string): CheckResult {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  const evidence = { nodeVersion: version, required: `>=${MIN_NODE_MAJOR}` };
  if (Number.isInteger(major) && major >= MIN_NODE_MAJOR) {
    return { id: 'host.node.version', status: 'pass', summary: `Node.js ${version}`, evidence };
  }
  return {
    id: 'host.node.version',
    status: 'fail',
    code: 'NODE_TOO_OLD',
    summary: `Node.js ${version} is too old; svc needs ${MIN_NODE_MAJOR} or newer`,
    fix: fix('Install Node.js 22 or 24', [
      manual(
        'Install Node.js 22 or 24 (LTS) from https://nodejs.org/en/download, or with a version manager (nvm install 24)',
      ),
    ]),
    evidence,
  };
}

import { adbBinaryName } from '../../adapters/adb/adb-binary.ts';

export { adbBinaryName };

export async function checkAdbPresence(ctx: SvcContext): Promise<{ check: CheckResult; adbPath?: string }> {
  const wanted = adbBinaryName(ctx.env);
  const missing = (summary: string, evidence: Record<string, unknown>): CheckResult => ({
    id: 'host.adb.presence',
    status: 'fail',
    code: codeOf('adbMissing'),
    summary,
    detail: 'svc drives devices through the adb server; the doctor starts it with the adb binary.',
    fix: fix('Install Android platform-tools', [
      manual(
        'Install Android platform-tools (Debian/Ubuntu: apt-get install adb; macOS: brew install android-platform-tools)',
      ),
      manual('Make sure `adb version` works in this shell (or set SVC_ADB_PATH to the adb binary)'),
    ]),
    evidence,
  });
  const path = await ctx.processes.which(wanted, ctx.env);
  if (path === undefined)
    return { check: missing(`adb was not found (${wanted})`, { binary: wanted, PATH: ctx.env.PATH ?? '' }) };
  const out = await ctx.processes
    .run(path, ['version'], { env: ctx.env, timeoutMs: ADB_TIMEOUT_MS })
    .catch(() => undefined);
  const version = /Android Debug Bridge version (\S+)/.exec(out?.stdout ?? '')?.[1];
  if (out === undefined || out.code !== 0 || version === undefined) {
    return { check: missing(`${path} does not report a version`, { path, exitCode: out?.code ?? -1 }) };
  }
  const build = /^Version (\S+)/m.exec(out.stdout)?.[1];
  return {
    adbPath: path,
    check: {
      id: 'host.adb.presence',
      status: 'pass',
      summary: `adb ${version}${build ? ` (platform-tools ${build})` : ''}`,
      evidence: { path, adbVersion: version, ...(build ? { platformToolsVersion: build } : {}) },
    },
  };
}

/** Starts a local server with the binary (`adb -P <port> start-server`), then asks it for its devices. */
export async function checkAdbServer(ctx: SvcContext, adbPath: string): Promise<CheckResult> {
  const failed = (summary: string, evidence: Record<string, unknown>): CheckResult => ({
    id: 'host.adb.server',
    status: 'fail',
    code: codeOf('adbServerUnreachable'),
    summary,
    fix: fix('Restart the adb server', [adbStep(['kill-server']), adbStep(['start-server'])]),
    evidence,
  });
  let address: ReturnType<typeof adbServerAddress>;
  try {
    address = adbServerAddress(ctx.env);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error), {});
  }
  const server = `${address.host}:${address.port}`;
  if (address.local) {
    const out = await ctx.processes.run(adbPath, ['-P', String(address.port), 'start-server'], {
      env: ctx.env,
      timeoutMs: ADB_TIMEOUT_MS,
    });
    if (out.code !== 0) {
      return failed(`adb start-server on port ${address.port} exited with ${out.code}`, {
        adbServer: server,
        exitCode: out.code,
        stderr: out.stderr.trim().slice(0, 2000),
      });
    }
  }
  try {
    await ctx.adb.listDevices();
  } catch (error) {
    const message = error instanceof SvcError || error instanceof Error ? error.message : String(error);
    return failed(`the adb server at ${server} does not answer: ${message}`, { adbServer: server });
  }
  return {
    id: 'host.adb.server',
    status: 'pass',
    summary: `adb server running at ${server}`,
    evidence: { adbServer: server },
  };
}
