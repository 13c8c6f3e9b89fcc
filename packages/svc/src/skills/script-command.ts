// Which script of a skill runs, and with what: Node scripts with the running Node (so a skill gets the same Node
// svc runs on, whatever `node` is on PATH), shell scripts with bash, anything else executed directly.
import { basename, extname } from 'node:path';

const NODE_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.ts', '.mts']);

function rank(script: string): number {
  const name = basename(script);
  const extension = extname(name);
  const isRun = name === 'run' || name.slice(0, name.length - extension.length) === 'run';
  const kind = NODE_EXTENSIONS.has(extension) ? 0 : extension === '.sh' ? 1 : 2;
  return (isRun ? 0 : 3) + kind;
}

/** A script called `run.*` first, then Node scripts, then shell scripts, then the rest; registry order breaks ties. */
export function chooseScript(scripts: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const script of scripts) {
    if (best === undefined || rank(script) < rank(best)) best = script;
  }
  return best;
}

export function scriptCommand(scriptPath: string, args: readonly string[]): { file: string; args: string[] } {
  const extension = extname(scriptPath);
  if (NODE_EXTENSIONS.has(extension)) return { file: process.execPath, args: [scriptPath, ...args] };
  if (extension === '.sh') return { file: 'bash', args: [scriptPath, ...args] };
  return { file: scriptPath, args: [...args] };
}
