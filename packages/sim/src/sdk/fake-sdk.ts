// A fake Android SDK folder whose tools are the stand-ins beside this file, laid out as the real SDK is
// (emulator/emulator, cmdline-tools/latest/bin/avdmanager|sdkmanager). Point ANDROID_HOME at `root`.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { configPath, DEFAULT_FAKE_SDK_CONFIG, type FakeSdkConfig, imageDir } from './sdk-paths.ts';

export interface FakeSdk {
  root: string;
  configure(config: Partial<FakeSdkConfig>): Promise<void>;
  installImage(imageId: string): Promise<void>;
}

const TOOLS = {
  emulator: join('emulator', 'emulator'),
  avdmanager: join('cmdline-tools', 'latest', 'bin', 'avdmanager'),
  sdkmanager: join('cmdline-tools', 'latest', 'bin', 'sdkmanager'),
} as const;

const shellQuote = (value: string) => `'${value.replaceAll("'", `'"'"'`)}'`;

export async function createFakeSdk(
  root: string,
  options: { tools?: Array<keyof typeof TOOLS>; config?: Partial<FakeSdkConfig> } = {},
): Promise<FakeSdk> {
  const tools = options.tools ?? (Object.keys(TOOLS) as Array<keyof typeof TOOLS>);
  for (const tool of tools) {
    const path = join(root, TOOLS[tool]);
    await mkdir(dirname(path), { recursive: true });
    // The wrapper pins the Node that created it (Node 24 runs the .ts stand-ins directly).
    const script = join(import.meta.dirname, `${tool}.ts`);
    await writeFile(path, `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(script)} "$@"\n`);
    await chmod(path, 0o755);
  }
  let config: FakeSdkConfig = { ...DEFAULT_FAKE_SDK_CONFIG, ...options.config };
  await writeFile(configPath(root), JSON.stringify(config));
  return {
    root,
    async configure(next) {
      config = { ...config, ...next };
      await writeFile(configPath(root), JSON.stringify(config));
    },
    async installImage(imageId) {
      await mkdir(imageDir(root, imageId), { recursive: true });
      await writeFile(join(imageDir(root, imageId), 'source.properties'), `Pkg.Path=${imageId}\n`);
    },
  };
}
