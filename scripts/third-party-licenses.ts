// The notices of the npm packages a bundle carries. The bundles are built without legal comments (every byte of the
// entry chunk is loaded on each CLI call), so the licence texts those packages ask to keep with copies of their code
// go to one file beside the bundle instead: dist/THIRD-PARTY-LICENSES.txt.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The package folders (…/node_modules/<name> or …/node_modules/@scope/<name>) that `inputs` come from. */
function packageDirs(root: string, inputs: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const input of inputs) {
    const parts = input.split(/[\\/]/);
    const at = parts.lastIndexOf('node_modules');
    if (at < 0 || parts[at + 1] === undefined) continue;
    const length = parts[at + 1]?.startsWith('@') ? at + 3 : at + 2;
    dirs.add(join(root, ...parts.slice(0, length)));
  }
  return [...dirs];
}

function licenceText(dir: string): string | undefined {
  const file = readdirSync(dir).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
  return file === undefined ? undefined : readFileSync(join(dir, file), 'utf8').trim();
}

/**
 * Writes `out` with, for each npm package among `inputs` (esbuild metafile input paths, relative to `root`), its
 * name, version, licence and licence text. Returns the package names, sorted.
 */
export function writeThirdPartyLicenses(root: string, inputs: readonly string[], out: string): string[] {
  const entries = packageDirs(root, inputs)
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
      return { name: String(pkg.name), version: String(pkg.version), licence: String(pkg.license), dir };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const sections = entries.map(({ name, version, licence, dir }) => {
    const text = licenceText(dir) ?? `(no licence file in the package; its package.json says ${licence})`;
    return `${name}@${version} (${licence})\n${'-'.repeat(60)}\n${text}\n`;
  });
  const header = `This bundle includes code of the following npm packages, under their own licences.\n${'='.repeat(60)}\n\n`;
  writeFileSync(out, `${header}${sections.join('\n')}`);
  return entries.map((entry) => entry.name);
}
