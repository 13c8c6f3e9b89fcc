// A page that forwards a browser to a secret address, so the secret never rides on a command line: a browser (and
// the platform's opener) is started with a file path, which every local user can read in /proc/<pid>/cmdline, but
// the file is the user's alone (0600 in ~/.svc/browser, 0700) and holds the one-time login link. Jupyter's server
// opens its browser the same way (its `jpserver-<pid>-open.html` redirect file in the private runtime folder).
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SvcError } from '../../contracts/errors.ts';
import { makePrivateDir } from './private-dir.ts';

/** Writes the page (replacing the previous one of `name`) and returns its path. */
export function writeLaunchPage(home: string, name: string, target: string): string {
  const dir = join(home, '.svc', 'browser');
  const problem = makePrivateDir(dir);
  if (problem !== undefined) throw new SvcError('PATH_FORBIDDEN', problem.message, { ...problem.details });
  const path = join(dir, `${name}.html`);
  // Written aside (created 0600 in a folder only we can enter), then renamed over the last one.
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, pageOf(target), { mode: 0o600, flag: 'w' });
  renameSync(aside, path);
  return path;
}

function pageOf(target: string): string {
  const attribute = escapeHtml(target);
  return [
    '<!doctype html>',
    '<meta charset="utf-8">',
    '<meta name="referrer" content="no-referrer">',
    // One navigation only: a second would find the one-time code used. The refresh is for a browser without scripts.
    `<noscript><meta http-equiv="refresh" content="0;url=${attribute}"></noscript>`,
    '<title>svc</title>',
    `<p>Opening svc&hellip; <a href="${attribute}">continue</a></p>`,
    `<script>location.replace(${JSON.stringify(target).replaceAll('<', '\\u003c')})</script>`,
    '',
  ].join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
