// Opens a URL in the user's browser with the platform's opener (argv only, never a shell). Failing to open is not
// an error of the command: the URL is printed either way.
import { devNull } from 'node:os';
import { nodeProcessRunner } from '../adapters/process/process-runner.ts';

const OPENERS: Record<string, { file: string; args: string[] }> = {
  darwin: { file: 'open', args: [] },
  win32: { file: 'rundll32', args: ['url.dll,FileProtocolHandler'] },
};

/** Undefined when the browser was asked to open, else why not. */
export async function openInBrowser(url: string, env = process.env): Promise<string | undefined> {
  const opener = OPENERS[process.platform] ?? { file: 'xdg-open', args: [] };
  const path = await nodeProcessRunner.which(opener.file, env);
  if (path === undefined) return `${opener.file} is not installed`;
  const child = nodeProcessRunner.spawnDetached(path, [...opener.args, url], { env, logPath: devNull });
  return child.error;
}
