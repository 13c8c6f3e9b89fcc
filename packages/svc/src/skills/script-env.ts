// The environment of a skill script: the caller's, plus what a script needs to call svc back on the same device.
import { delimiter, dirname } from 'node:path';
import type { Target } from '../executions/target.ts';
import type { Env } from './types.ts';

export interface ScriptEnvInput {
  env: Env;
  skillId: string;
  registryPath: string;
  svcBin: string;
  target: Pick<Target, 'operatorPackage' | 'driver'>;
  serial: string;
}

export function scriptEnv(input: ScriptEnvInput): Record<string, string | undefined> {
  const nodeDir = dirname(process.execPath);
  const path = input.env.PATH ? `${nodeDir}${delimiter}${input.env.PATH}` : nodeDir;
  return {
    ...input.env,
    // `node` and `#!/usr/bin/env node` in a script resolve to the Node that runs svc.
    PATH: path,
    SVC_BIN: input.svcBin,
    SVC_OPERATOR_PACKAGE: input.target.operatorPackage,
    SVC_DRIVER: input.target.driver,
    SVC_SKILL_ID: input.skillId,
    SVC_SKILLS_REGISTRY: input.registryPath,
    // adb and svc both target ANDROID_SERIAL by default, so nested calls stay on this device.
    ANDROID_SERIAL: input.serial,
  };
}
