// Starts a local adb server the way adb users do (`adb -P <port> start-server`), for when nothing listens on the
// configured port. ADB_NOT_FOUND when the binary is missing; SVC_ADB_PATH overrides the binary (tests, odd installs).
import { SvcError } from '../../contracts/errors.ts';
import type { ProcessRunner } from '../process/process-runner.ts';
import { adbBinaryName } from './adb-binary.ts';
import type { AdbServerAddress } from './server-address.ts';

const START_TIMEOUT_MS = 30_000;

export async function startAdbServer(
  address: AdbServerAddress,
  env: Record<string, string | undefined>,
  processes: ProcessRunner,
): Promise<void> {
  const wanted = adbBinaryName(env);
  const adb = await processes.which(wanted, env);
  if (adb === undefined) {
    throw new SvcError(
      'ADB_NOT_FOUND',
      `No adb server at ${address.host}:${address.port} and no adb binary to start one.`,
      {
        adbServer: `${address.host}:${address.port}`,
        binary: wanted,
      },
    );
  }
  const result = await processes.run(adb, ['-P', String(address.port), 'start-server'], {
    env,
    timeoutMs: START_TIMEOUT_MS,
  });
  if (result.code !== 0) {
    throw new SvcError(
      'ADB_SERVER_FAILED',
      `\`adb -P ${address.port} start-server\` exited with ${result.code}.`,
      { adb, stderr: result.stderr.trim() },
      `Run \`adb -P ${address.port} kill-server && adb -P ${address.port} start-server\` and read its output (details.stderr holds what it said here).`,
    );
  }
}
