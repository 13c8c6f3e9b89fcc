// `dumpsys package <pkg>` (and `pm dump`): the "Packages:" section of one package, with the lines tools grep for
// (`versionCode=N minSdk=N targetSdk=N`, `versionName=X`), indented as Android 15 prints them.
import type { DeviceApi, InstalledPackage, ShellIO } from '../../device/types.ts';
import { formatDate } from './date.ts';

function hex(text: string): string {
  let hash = 7;
  for (const c of text) hash = (hash * 33 + c.charCodeAt(0)) >>> 0;
  return hash.toString(16).slice(0, 7);
}

export function uidOf(pkg: InstalledPackage): number {
  let hash = 0;
  for (const c of pkg.name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return pkg.thirdParty ? 10100 + (hash % 800) : 1000 + (hash % 50);
}

export async function dumpPackage(name: string, io: ShellIO, device: DeviceApi): Promise<number> {
  const pkg = device.packages.get(name);
  if (!pkg) {
    await io.writeStdout(`Unable to find package: ${name}\n`);
    return 0;
  }
  const sdk = Number(device.props.get('ro.build.version.sdk') ?? 35);
  const codePath = pkg.apkPath.replace(/\/[^/]+\.apk$/, '');
  const stamp = formatDate('%Y-%m-%d %H:%M:%S', device.now());
  const lines = [
    'Packages:',
    `  Package [${pkg.name}] (${hex(pkg.name)}):`,
    `    appId=${uidOf(pkg)}`,
    `    pkg=Package{${hex(`${pkg.name}#`)} ${pkg.name}}`,
    `    codePath=${codePath}`,
    `    resourcePath=${codePath}`,
    `    legacyNativeLibraryDir=${codePath}/lib`,
    '    extractNativeLibs=false',
    '    primaryCpuAbi=null',
    '    secondaryCpuAbi=null',
    '    cpuAbiOverride=null',
    `    versionCode=${pkg.versionCode} minSdk=${pkg.minSdk ?? 24} targetSdk=${pkg.targetSdk ?? sdk}`,
    '    minExtensionVersions=[]',
    `    versionName=${pkg.versionName}`,
    '    usesNonSdkApi=false',
    '    splits=[base]',
    '    apkSigningVersion=2',
    `    flags=[ ${pkg.thirdParty ? '' : 'SYSTEM '}HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]`,
    `    dataDir=/data/user/0/${pkg.name}`,
    `    timeStamp=${stamp}`,
    `    lastUpdateTime=${stamp}`,
    `    installerPackageName=${pkg.thirdParty ? 'com.android.shell' : 'null'}`,
    '    User 0: ceDataInode=0 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false quarantined=false',
    '      runtime permissions:',
    ...(pkg.grantedPermissions ?? []).map(
      (p) => `        ${p}: granted=true, flags=[ USER_SET|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]`,
    ),
    '',
  ];
  await io.writeStdout(`${lines.join('\n')}\n`);
  return 0;
}
