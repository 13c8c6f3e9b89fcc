// Field rules several chores share, and the checks and paths their cross-field rules use.
import type { CliInput } from '../actions/define.ts';
import { matching, str } from '../fields.ts';
import { fail } from '../validation-issue.ts';
import { SINCE_HELP } from './time-spec.ts';

/** An Android package name (`com.example.app`): letters, digits, `_` and dots. */
export const packageName = matching(
  /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/,
  'a package name such as com.example.app',
);

/** The package flag's help. */
export const PACKAGE_HELP = 'Package name, e.g. com.example.app';

/** The path of a param inside the params at `path` (a chore's params are its whole input: an empty path). */
export const paramAt = (path: string, name: string) => (path === '' ? name : `${path}.${name}`);

/** A JavaScript regular expression's source; `checkRegex` (in the definition's check) compiles it. */
export const regexSource = str('nonEmpty', 500);

/** A regular expression that does not compile is refused at its path before any device is asked. */
export function checkRegex(source: string | undefined, path: string): void {
  if (source === undefined) return;
  try {
    new RegExp(source);
  } catch {
    fail(path, 'must be a valid regular expression', 'a regular expression');
  }
}

/** The `--package` and `--since` flags of the chores that read the device's log and crash reports (logs, crashes). */
export const PACKAGE_AND_SINCE_FLAGS: readonly CliInput<'package' | 'since'>[] = [
  { kind: 'flag', flag: '--package <package>', param: 'package', help: PACKAGE_HELP },
  { kind: 'flag', flag: '--since <since>', param: 'since', help: SINCE_HELP },
];
