// `emulator delete <name>`: refused while the AVD runs; otherwise `avdmanager delete avd`.
import { SvcError } from '../contracts/errors.ts';
import { readAvd } from './avd-store.ts';
import type { EmulatorDeps } from './deps.ts';
import { runTool } from './run-tool.ts';
import { findRunningByName } from './running-emulators.ts';
import { findSdkTool } from './sdk-tools.ts';

export async function deleteAvd(deps: EmulatorDeps, name: string) {
  if (!(await readAvd(deps.env, name)).exists) {
    throw new SvcError('EMULATOR_NOT_FOUND', `No AVD named '${name}'.`, { name });
  }
  const running = await findRunningByName(deps, name);
  if (running) {
    throw new SvcError(
      'EMULATOR_ALREADY_RUNNING',
      `AVD '${name}' is running as ${running.serial}; stop it first with \`svc emulator stop ${name}\`.`,
      { name, serial: running.serial },
    );
  }
  const avdmanager = await findSdkTool(deps.env, 'avdmanager');
  const args = ['delete', 'avd', '-n', name];
  const run = await runTool(avdmanager, args, { env: deps.env, timeoutMs: 60_000 });
  if (run.code !== 0) {
    throw new SvcError('ANDROID_SDK_TOOL_FAILED', `avdmanager delete failed (exit ${run.code}).`, {
      tool: 'avdmanager',
      args,
      exitCode: run.code,
      stderr: run.stderr,
    });
  }
  return { avdName: name, deleted: !(await readAvd(deps.env, name)).exists };
}
