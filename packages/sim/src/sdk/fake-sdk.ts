// A fake Android SDK folder whose tools are the stand-ins beside this file, laid out as the real SDK is
// (emulator/emulator, cmdline-tools/latest/bin/avdmanager|sdkmanager). Point ANDROID_HOME at `root`.
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunningPid } from './pid-alive.ts';
import { configPath, DEFAULT_FAKE_SDK_CONFIG, type FakeSdkConfig, imageDir, pidDir } from './sdk-paths.ts';

export interface FakeSdk {
  root: string;
  configure(config: Partial<FakeSdkConfig>): Promise<void>;
  installImage(imageId: string): Promise<void>;
  /** Pids of the stand-in emulators of this SDK that are still running. */
  runningEmulatorPids(): Promise<number[]>;
  /** Test cleanup: SIGKILLs every stand-in emulator of this SDK still running; resolves how many there were. */
  killEmulators(): Promise<number>;
}

async function livePids(root: string): Promise<number[]> {
  const files = await readdir(pidDir(root)).catch(() => [] as string[]);
  const pids: number[] = [];
  for (const file of files) {
    const pid = Number(file);
    if (isRunningPid(pid)) pids.push(pid);
    else await rm(join(pidDir(root), file), { force: true });
  }
  return pids;
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
    // The wrapper pins the Node that created it. The stand-ins sit beside this module: sources (.ts, which Node 24
    // runs directly) in a clone, bundle entries (.js, scripts/build-sim.ts) in an installed svc-sim.
    const script = join(import.meta.dirname, `${tool}${extname(import.meta.filename)}`);
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
    runningEmulatorPids: () => livePids(root),
    async killEmulators() {
      const pids = await livePids(root);
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // exited meanwhile
        }
      }
      for (let i = 0; i < 50 && (await livePids(root)).length > 0; i += 1) await sleep(20);
      return pids.length;
    },
  };
}
