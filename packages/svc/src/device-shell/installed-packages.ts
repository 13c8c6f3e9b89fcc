// Whether a package is installed, and if not, the installed packages whose names come closest: an app that is not
// installed fails to open at once (no retry installs it), and a mistyped package name is corrected in one more call.
// One `pm list packages`, asked only once an open has already failed (adb driver) or before an operator opens it.
import { distance } from 'fastest-levenshtein';
import type { DeviceShell } from './device-shell.ts';

/** How far apart two package names may be (edits per letter of the longer) to count as close. */
const CLOSE_RATIO = 0.4;
const MAX_CLOSE = 3;

/** The installed packages closest to `pkg`, best first (the same last word counts as close). */
export function closestPackages(pkg: string, installed: readonly string[]): string[] {
  const tail = (name: string) => name.split('.').at(-1)?.toLowerCase() ?? '';
  const apart = (name: string) => distance(pkg.toLowerCase(), name.toLowerCase()) / Math.max(pkg.length, name.length);
  return installed
    .map((name) => ({ name, apart: apart(name) }))
    .filter(({ name, apart }) => apart <= CLOSE_RATIO || (tail(name).length > 2 && tail(name) === tail(pkg)))
    .sort((a, b) => a.apart - b.apart)
    .slice(0, MAX_CLOSE)
    .map(({ name }) => name);
}

/**
 * `undefined` when `pkg` is installed (or the list could not be read: nothing is concluded), else the message that
 * says it is not, with the closest installed names.
 */
export async function notInstalled(shell: DeviceShell, pkg: string): Promise<string | undefined> {
  const listed = await shell.read('pm list packages').catch(() => '');
  const installed = listed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('package:'))
    .map((line) => line.slice('package:'.length));
  if (installed.length === 0 || installed.includes(pkg)) return undefined;
  const close = closestPackages(pkg, installed);
  return `${pkg} is not installed on this device${close.length === 0 ? '' : `; closest installed: ${close.join(', ')}`}`;
}
