// Bundles the inspector page (packages/svc/src/inspector-web) into dist/inspector/: index.html, one script, one
// style sheet and the page's icon, which the server serves itself (no CDN, works offline). The page has no dependency: esbuild only
// joins its modules and minifies them. Called by scripts/build.ts; returns the files it was made from, so that the
// bundle counts as stale when one of them changes.
import { copyFileSync, mkdirSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild-wasm';

export async function buildInspectorPage(root: string, outDir: string): Promise<string[]> {
  const source = join(root, 'packages', 'svc', 'src', 'inspector-web');
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { inspector: join(source, 'main.ts'), 'inspector-style': join(source, 'inspector.css') },
    outdir: outDir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  // esbuild names a CSS entry after its key; the page links inspector.css.
  renameSync(join(outDir, 'inspector-style.css'), join(outDir, 'inspector.css'));
  const copied = ['index.html', 'icon.svg'];
  for (const name of copied) copyFileSync(join(source, name), join(outDir, name));
  const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(root, input));
  return [...inputs, ...copied.map((name) => join(source, name))];
}
