import { readFileSync } from 'node:fs';
import { configPath, DEFAULT_FAKE_SDK_CONFIG, type FakeSdkConfig } from './sdk-paths.ts';

export function readFakeSdkConfig(root: string): FakeSdkConfig {
  try {
    return { ...DEFAULT_FAKE_SDK_CONFIG, ...JSON.parse(readFileSync(configPath(root), 'utf8')) };
  } catch {
    return DEFAULT_FAKE_SDK_CONFIG;
  }
}
