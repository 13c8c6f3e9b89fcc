// Paths the stand-in SDK tools share, resolved the way the real tools resolve them.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function avdHomeOf(env: NodeJS.ProcessEnv): string {
  if (env.ANDROID_AVD_HOME) return env.ANDROID_AVD_HOME;
  if (env.ANDROID_USER_HOME) return join(env.ANDROID_USER_HOME, 'avd');
  return join(env.HOME ?? homedir(), '.android', 'avd');
}

export function sdkRootOf(env: NodeJS.ProcessEnv): string {
  const root = env.ANDROID_HOME?.trim() || env.ANDROID_SDK_ROOT?.trim();
  if (!root) {
    process.stderr.write(
      'Error: Could not determine SDK root.\nError: Either specify it explicitly with --sdk_root= or move this package into its expected location: <sdk>/cmdline-tools/latest/\n',
    );
    process.exit(1);
  }
  return root;
}

/** `system-images;android-35;google_apis_playstore;arm64-v8a` → `<root>/system-images/android-35/google_apis_playstore/arm64-v8a` */
export function imageDir(root: string, imageId: string): string {
  return join(root, ...imageId.split(';'));
}

/** Behaviour switches a test sets in `<root>/.svc-sim-sdk.json` (failures to simulate, boot delay). */
export interface FakeSdkConfig {
  bootDelayMs: number;
  neverBoot: boolean;
  failImageInstall: boolean;
  /** The emulator exits at once with the real emulator's message for an arm64 AVD on an x86_64 host. */
  failStart: boolean;
  brand: string;
}

export const DEFAULT_FAKE_SDK_CONFIG: FakeSdkConfig = {
  bootDelayMs: 300,
  neverBoot: false,
  failImageInstall: false,
  failStart: false,
  brand: 'svc',
};

export function configPath(root: string): string {
  return join(root, '.svc-sim-sdk.json');
}

/** Each running stand-in emulator writes its pid here, so a test can make sure none outlives it. */
export function pidDir(root: string): string {
  return join(root, '.svc-sim-running');
}
