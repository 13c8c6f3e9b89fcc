/// <reference path="./adbkit-apkreader.d.ts" />
// What an APK says it is: the package name and versions in its binary AndroidManifest.xml, read with
// @devicefarmer/adbkit-apkreader (the manifest reader adb tooling uses), and the SHA-256 of the file's bytes.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ApkReader from '@devicefarmer/adbkit-apkreader';

export interface ApkIdentity {
  package: string;
  versionName: string;
  versionCode: number;
}

/** The package and versions the APK's manifest declares, or undefined when the file is no APK it can read. */
export async function readApkIdentity(bytes: Uint8Array): Promise<ApkIdentity | undefined> {
  let manifest: { package?: unknown; versionName?: unknown; versionCode?: unknown };
  try {
    const reader = await ApkReader.open(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    manifest = (await reader.readManifest()) as typeof manifest;
  } catch {
    return undefined;
  }
  if (typeof manifest.package !== 'string' || manifest.package === '') return undefined;
  const versionCode = typeof manifest.versionCode === 'number' ? manifest.versionCode : 0;
  const versionName = typeof manifest.versionName === 'string' ? manifest.versionName : String(versionCode);
  return { package: manifest.package, versionName, versionCode };
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export const readBytes = async (path: string): Promise<Uint8Array> => new Uint8Array(await readFile(path));
