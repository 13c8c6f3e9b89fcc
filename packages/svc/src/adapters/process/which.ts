// A PATH lookup that tells "binary missing" apart from "binary failed" without running anything.
import { access, constants } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

export async function which(
  name: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | undefined> {
  const candidates = name.includes('/')
    ? [name]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter((dir) => dir.length > 0 && isAbsolute(dir))
        .map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}
