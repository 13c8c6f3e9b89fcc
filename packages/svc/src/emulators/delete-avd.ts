// `emulator delete <name>`: refused while the AVD runs; otherwise `avdmanager delete avd`. A partial AVD (no
// `<name>.ini`, which avdmanager needs to recognise it) has its leftover files removed directly.
import { SvcError } from '../contracts/errors.ts';
import { assertAvdName } from './avd-name.ts';
import { deleteAvdFiles, hasTopIni, readAvd } from './avd-store.ts';
import type { EmulatorDeps } from './deps.ts';
import { runTool } from './run-tool.ts';
import { findRunningByName } from './running-emulators.ts';
import { findSdkTool } from './sdk-tools.ts';
import { toolFailed } from './tool-failed.ts';

export async function deleteAvd(deps: EmulatorDeps, rawName: string) {
  const name = assertAvdName(rawName);
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
  if (!(await hasTopIni(deps.env, name))) {
    await deleteAvdFiles(deps.env, name);
  } else {
    const avdmanager = await findSdkTool(deps.env, 'avdmanager');
    const args = ['delete', 'avd', '-n', name];
    const run = await runTool(deps.processes, avdmanager, args, { env: deps.env, timeoutMs: 60_000 });
    if (run.code !== 0 || run.timedOut) throw toolFailed('avdmanager', args, run);
  }
  return { avdName: name, deleted: !(await readAvd(deps.env, name)).exists };
}
