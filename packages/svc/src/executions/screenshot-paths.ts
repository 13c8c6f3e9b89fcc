// The screenshots folder, and confining a path that came from someone else (an HTTP request, an MCP tool call) to
// it: `svc serve` and `svc mcp` write a screenshot (or a pulled screen recording) nowhere else, create no folder
// outside it, and resolve a relative path against it. The folder is SVC_SCREENSHOTS_DIR (or `svc serve --screenshots-dir`), else ~/.svc/screenshots,
// made with mode 0700 when missing and refused when another user owns it or others may write to it.
import { randomBytes } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { makeFoldersSync } from '../adapters/fs/make-folders.ts';
import { type Env, nonBlank } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import type { ValidExecution } from '../contracts/types.ts';

export function screenshotsDirOf(env: Env, home: string): string {
  const configured = nonBlank(env.SVC_SCREENSHOTS_DIR);
  return configured === undefined ? join(home, '.svc', 'screenshots') : resolve(configured);
}

/** Makes the folder (0700) when missing; refuses one of another user or one that others may write to. */
export function ensureScreenshotsDir(dir: string): string {
  makeFoldersSync(dir, 0o700);
  const stat = statSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) {
    throw new SvcError(
      'PATH_FORBIDDEN',
      `The screenshots folder ${dir} must be a folder of yours that only you can write to (chmod 700).`,
      { screenshotsDir: dir },
    );
  }
  return realpathSync(dir);
}

/**
 * `requested` as an absolute path inside `dir`: relative paths resolve against it; the folder it names must exist
 * there already (after links are resolved) and the name must end in `.png` (or `.jpg`/`.jpeg`: the image options
 * may ask for a JPEG). `field` names the input for the error.
 */
export function confinedScreenshotPath(requested: string, dir: string, field: string): string {
  return confinedPath(
    requested,
    dir,
    field,
    /\.(png|jpe?g)$/i,
    'a screenshot file name must end in .png, .jpg or .jpeg.',
  );
}

/** The same rule for a screen recording that a server pulls: an `.mp4` name inside the screenshots folder. */
export function confinedRecordingPath(requested: string, dir: string, field: string): string {
  return confinedPath(requested, dir, field, /\.mp4$/i, 'a recording file name must end in .mp4.');
}

function confinedPath(requested: string, dir: string, field: string, names: RegExp, namesRule: string): string {
  const root = ensureScreenshotsDir(dir);
  const refuse = (why: string) =>
    new SvcError('PATH_FORBIDDEN', `${field}: ${why}`, { path: field, requested, screenshotsDir: root });
  const full = isAbsolute(requested) ? requested : resolve(root, requested);
  if (!names.test(basename(full))) throw refuse(namesRule);
  let folder: string;
  try {
    folder = realpathSync(dirname(full));
  } catch {
    throw refuse(`the folder of ${requested} does not exist inside ${root}; svc creates no folders there.`);
  }
  const inside = relative(root, folder);
  if (inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..')) {
    throw refuse(`${requested} is outside the screenshots folder ${root}.`);
  }
  return join(folder, basename(full));
}

/** A new file in `dir` under an unpredictable name (nothing can plant a link or a file at it beforehand). */
export function randomScreenshotPath(dir: string): string {
  return join(dir, `screenshot-${randomBytes(12).toString('hex')}.png`);
}

/** The execution with every take_screenshot path confined to `dir`, and a random name there where none is given. */
export function confineScreenshots(execution: ValidExecution, dir: string): ValidExecution {
  let changed = false;
  const actions = execution.actions.map((action, i) => {
    if (action.type !== 'take_screenshot') return action;
    const given = action.params?.path;
    const path =
      typeof given === 'string'
        ? confinedScreenshotPath(given, dir, `actions[${i}].params.path`)
        : randomScreenshotPath(ensureScreenshotsDir(dir));
    changed = true;
    return { ...action, params: { ...action.params, path } };
  });
  return changed ? { ...execution, actions } : execution;
}
