// A chore's command (`svc foreground`, `svc rotate landscape`, `svc keyboard install`): its flags and words read
// into the chore's params by its definition's inputs (builders/from-flags.ts), run by runChore, printed as
// `{ ok, deviceId, ... }` (pretty: key: value lines and tables). The full CLI and the hot path run it alike. A bad
// param is said in the command's own words (the flag or the argument the user typed).
import type { FlagBag } from '../builders/flag-values.ts';
import { buildChoreParams } from '../builders/from-flags.ts';
import { CHORE_COMMANDS } from '../builders/surfaces.ts';
import { errorBodyOf, SvcError } from '../contracts/errors.ts';
import type { ChoreProgress } from '../toolbox/chore.ts';
import type { BuiltCall } from './execution-command.ts';
import { flagOf, inFlagTerms } from './flag-paths.ts';
import { type Globals, globalsOf, targetOf } from './globals.ts';
import { printError, printValue } from './output.ts';
import { renderToolResult } from './render-tool.ts';

const PREFIX = 'Invalid arguments for ';

/** The chores' commands outside a group (`foreground`, `rotate`): the hot path runs them too, as commander does. */
export const FLAT_CHORE_VERBS: readonly string[] = [...CHORE_COMMANDS.keys()].filter((key) => !key.includes(' '));

/** A bad param of the chore of command `key`, named by what the user typed (`--altitude`, `orientation`). */
function inCommandTerms(key: string, name: string, error: unknown, flags: FlagBag): unknown {
  if (!(error instanceof SvcError) || error.code !== 'EXECUTION_VALIDATION_FAILED') return error;
  const restated = inFlagTerms(key, error, flags);
  if (restated !== error) return new SvcError(restated.code, `${PREFIX}${name}: ${restated.message}`, restated.details);
  if (error.message.startsWith(PREFIX)) return error;
  // The command's own words refused (a blank argument): said as the rules' problems are.
  const path = typeof error.details?.path === 'string' ? error.details.path : 'params';
  const said = flagOf(key, path, flags) ?? path;
  return new SvcError(error.code, `${PREFIX}${name}: ${said}: ${error.message}`, { ...error.details, path: said });
}

function progressPrinter(): (event: ChoreProgress) => void {
  if (!process.stderr.isTTY) return () => {};
  return (event) => {
    const share =
      event.total !== undefined && event.done !== undefined && event.total > 0
        ? ` ${Math.floor((event.done / event.total) * 100)}% (${(event.done / 1e6).toFixed(1)} of ${(event.total / 1e6).toFixed(1)} MB)`
        : '';
    process.stderr.write(`\r\x1b[K${event.phase}${share}${event.phase === 'installing' ? '\n' : ''}`);
  };
}

/** Runs the chore of command `key` for one call; returns the exit code (errors are printed). */
export async function runChoreCommand(key: string, call: BuiltCall, globalFlags: FlagBag): Promise<number> {
  const chore = CHORE_COMMANDS.get(key);
  if (chore === undefined) throw new Error(`no chore command ${key}`);
  let globals: Globals | undefined;
  try {
    globals = globalsOf(call.name, globalFlags);
    const params = buildChoreParams(key, { flags: call.flags, args: call.args, timeoutMs: globals.timeoutMs });
    const [{ createContext }, { runChore }] = await Promise.all([
      import('../core/context.ts'),
      import('../toolbox/run-chore.ts'),
    ]);
    const ctx = createContext({ env: process.env, cwd: process.cwd() });
    try {
      const result = await runChore(ctx, chore, {
        params,
        target: targetOf(globals, process.env),
        cwd: process.cwd(),
        waitDeviceMs: globals.waitDeviceMs,
        progress: chore.name === 'install' ? progressPrinter() : undefined,
      });
      printValue(globals.output, result, renderToolResult);
      return 0;
    } finally {
      await ctx.close();
    }
  } catch (error) {
    printError(globals?.output ?? 'json', errorBodyOf(inCommandTerms(key, chore.name, error, call.flags)), key);
    return 1;
  }
}
