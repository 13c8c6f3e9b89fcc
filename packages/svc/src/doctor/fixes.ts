// Fix steps and their display form. A shell step's `value` is exactly the command `--fix` runs (DR-4), shown with
// POSIX quoting where a word needs it so a user can paste it; `--fix` itself runs the argv, never a host shell.
import { quoteShellArg } from '../contracts/dispatch.ts';
import { apkDownload, PUBLISHED_VARIANT } from '../contracts/operator-apk.ts';
import { variantOf } from '../contracts/operator-variants.ts';
import type { InternalFix, InternalStep } from './types.ts';

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;
export const displayWord = (word: string) => (SAFE_WORD.test(word) ? word : quoteShellArg(word));
export const displayCommand = (words: readonly string[]) => words.map(displayWord).join(' ');

/** `svc <args>` run through this CLI's entry with the current Node (the user's `svc` on PATH may differ). */
export function svcStep(args: string[]): InternalStep {
  return { kind: 'shell', value: displayCommand(['svc', ...args]), run: { program: 'svc', args } };
}

/** `adb -s <serial> shell <words>`: the device words are quoted for the device's sh, as operator setup does. */
export function adbShellStep(serial: string, words: string[]): InternalStep {
  const args = ['-s', serial, 'shell', words.map(quoteShellArg).join(' ')];
  return {
    kind: 'shell',
    value: displayCommand(['adb', '-s', serial, 'shell', ...words]),
    run: { program: 'adb', args },
  };
}

export function adbStep(args: string[]): InternalStep {
  return { kind: 'shell', value: displayCommand(['adb', ...args]), run: { program: 'adb', args } };
}

export const manual = (value: string): InternalStep => ({ kind: 'manual', value });

/** A fix: its title and steps. No documentation link: svc has no documentation site (the README is its guide). */
export function fix(title: string, steps: InternalStep[]): InternalFix {
  return { title, platform: 'any', steps };
}

/** `--device <serial> --operator-package <pkg>` for svc commands that target the doctor's device. */
export function targetArgs(serial: string | undefined, pkg: string | undefined): string[] {
  return [...(serial ? ['--device', serial] : []), ...(pkg ? ['--operator-package', pkg] : [])];
}

/**
 * How to install an operator for `pkg`: download the published APK, check its SHA-256, install it with svc. svc's
 * own variant is not published, so its steps say so and name the published operator, which speaks the same wire.
 * Manual steps: svc downloads nothing itself.
 */
export function operatorInstallSteps(serial: string | undefined, pkg: string | undefined): InternalStep[] {
  const d = apkDownload(pkg);
  const own = pkg !== undefined && variantOf(pkg) !== PUBLISHED_VARIANT;
  return [
    ...(own ? [manual(`${pkg} (svc's own operator) is not published; ${d.title} speaks the same wire`)] : []),
    manual(`Download ${d.url} and ${d.sha256Url} (release page: ${d.releasePage})`),
    manual(`Check the download: ${d.check}`),
    manual(
      `svc operator setup --apk ${d.file} --sha256 ${d.file}.sha256 ${targetArgs(serial, d.operatorPackage).join(' ')}`,
    ),
  ];
}
