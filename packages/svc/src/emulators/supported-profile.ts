// The one emulator profile svc supports (SPEC 2.9) and the reasons an AVD falls short of it (DECISIONS 8).

export const SUPPORTED_PROFILE = {
  name: 'svc-pixel',
  apiLevel: 35,
  abi: 'arm64-v8a',
  deviceProfile: 'pixel_7',
  playStore: true,
  imageTag: 'google_apis_playstore',
} as const;

export const UNSUPPORTED_REASONS = [
  'API_LEVEL_MISMATCH',
  'ABI_MISMATCH',
  'DEVICE_PROFILE_MISMATCH',
  'PLAY_STORE_DISABLED',
  'SYSTEM_IMAGE_MISMATCH',
  'CONFIG_UNREADABLE',
] as const;
export type UnsupportedReason = (typeof UNSUPPORTED_REASONS)[number];

/** `system-images;android-35;google_apis_playstore;arm64-v8a`: the sdkmanager package id of an image. */
export function systemImageId(apiLevel: number, tag: string, abi: string): string {
  return `system-images;android-${apiLevel};${tag};${abi}`;
}

export const SUPPORTED_SYSTEM_IMAGE = systemImageId(
  SUPPORTED_PROFILE.apiLevel,
  SUPPORTED_PROFILE.imageTag,
  SUPPORTED_PROFILE.abi,
);
