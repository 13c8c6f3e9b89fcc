// Turns an AVD's two ini files into the ConfiguredAvd of SPEC 2.9. Pure: the caller reads the files.
import { parseIni } from './ini.ts';
import { SUPPORTED_PROFILE, SUPPORTED_SYSTEM_IMAGE, type UnsupportedReason } from './supported-profile.ts';

export interface ConfiguredAvd {
  name: string;
  exists: boolean;
  running: boolean;
  supported: boolean;
  apiLevel: number;
  abi: string;
  playStore: boolean;
  deviceProfile: string;
  systemImage: string;
  unsupportedReasons: UnsupportedReason[];
  /** Why the files could not be used, when CONFIG_UNREADABLE is among the reasons. */
  configProblem?: string;
}

export interface AvdFiles {
  /** `<name>.ini` text, or undefined when missing. */
  topIni: string | undefined;
  /** `<name>.avd/config.ini` text, or undefined when missing or unreadable. */
  configIni: string | undefined;
  /** Where config.ini was looked for (named in the reason when it is missing). */
  configPath?: string;
  /** The `<name>.avd` folder exists (an AVD with neither ini file is still there, only broken). */
  folderExists?: boolean;
}

const API_FROM_TEXT = /android-(\d+)/;

function apiLevelFrom(...candidates: Array<string | undefined>): number {
  for (const candidate of candidates) {
    const match = candidate ? API_FROM_TEXT.exec(candidate) : null;
    if (match?.[1]) return Number(match[1]);
  }
  return 0;
}

/** `system-images/android-35/google_apis_playstore/arm64-v8a/` → `system-images;android-35;google_apis_playstore;arm64-v8a` */
export function systemImageFromSysdir(sysdir: string | undefined): string {
  if (!sysdir) return '';
  return sysdir.replace(/\\/g, '/').replace(/\/+$/, '').split('/').filter(Boolean).join(';');
}

export function describeAvd(name: string, files: AvdFiles, running = false): ConfiguredAvd {
  const exists = files.topIni !== undefined || files.configIni !== undefined || files.folderExists === true;
  const top = parseIni(files.topIni ?? '');
  const config = parseIni(files.configIni ?? '');
  const get = (key: string) => config.values.get(key);

  const systemImage = systemImageFromSysdir(get('image.sysdir.1'));
  const apiLevel = apiLevelFrom(get('image.sysdir.1'), get('target'), top.values.get('target'));
  const abi = get('abi.type') ?? '';
  const deviceProfile = get('hw.device.name') ?? '';
  const playStore = (get('PlayStore.enabled') ?? '').toLowerCase() === 'true';

  let configProblem: string | undefined;
  if (files.configIni === undefined) {
    const where = files.configPath ? ` (${files.configPath})` : '';
    configProblem = `config.ini of AVD '${name}' is missing or unreadable${where}`;
  } else if (files.topIni === undefined) {
    configProblem = `${name}.ini is missing from the AVD home, so the emulator cannot find this AVD`;
  } else if (config.badLines.length > 0)
    configProblem = `config.ini has malformed lines: ${config.badLines.join(', ')}`;
  else if (!get('image.sysdir.1') || !get('abi.type')) configProblem = 'config.ini lacks image.sysdir.1 or abi.type';

  const reasons: UnsupportedReason[] = [];
  const known = files.configIni !== undefined;
  if (known && apiLevel !== SUPPORTED_PROFILE.apiLevel) reasons.push('API_LEVEL_MISMATCH');
  if (known && abi !== SUPPORTED_PROFILE.abi) reasons.push('ABI_MISMATCH');
  if (known && deviceProfile !== SUPPORTED_PROFILE.deviceProfile) reasons.push('DEVICE_PROFILE_MISMATCH');
  if (known && !playStore) reasons.push('PLAY_STORE_DISABLED');
  if (known && systemImage !== SUPPORTED_SYSTEM_IMAGE) reasons.push('SYSTEM_IMAGE_MISMATCH');
  if (configProblem !== undefined) reasons.push('CONFIG_UNREADABLE');

  const avd: ConfiguredAvd = {
    name,
    exists,
    running,
    supported: exists && reasons.length === 0,
    apiLevel,
    abi,
    playStore,
    deviceProfile,
    systemImage,
    unsupportedReasons: reasons,
  };
  if (configProblem !== undefined) avd.configProblem = configProblem;
  return avd;
}
