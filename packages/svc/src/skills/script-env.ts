// The environment of a skill script: the caller's, plus what a script needs to call svc back on the same device.
import { delimiter, dirname } from 'node:path';
import type { Env } from './types.ts';

export interface ScriptEnvInput {
  env: Env;
  skillId: string;
  registryPath: string;
  svcBin: string;
  operatorPackage: string;
  deviceId?: string | undefined;
}

export function scriptEnv(input: ScriptEnvInput): Record<string, string | undefined> {
  const nodeDir = dirname(process.execPath);
  const path = input.env.PATH ? `${nodeDir}${delimiter}${input.env.PATH}` : nodeDir;
  return {
    ...input.env,
    // `node` and `#!/usr/bin/env node` in a script resolve to the Node that runs svc.
    PATH: path,
    SVC_BIN: input.svcBin,
    SVC_OPERATOR_PACKAGE: input.operatorPackage,
    SVC_SKILL_ID: input.skillId,
    SVC_SKILLS_REGISTRY: input.registryPath,
    // adb and svc both target ANDROID_SERIAL by default (DECISIONS 16), so nested calls stay on this device.
    ...(input.deviceId ? { ANDROID_SERIAL: input.deviceId } : {}),
  };
}
