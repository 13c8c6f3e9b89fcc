// The thin client of `svc exec <json>`: an agent that drives svc through a shell pays a whole CLI start on every step,
// and most of that (the command table, the flat builders, the renderers) serves calls other than this one. The build
// bundles this module alone (dist/thin-exec.js); bin/svc.js tries it first for `exec`, and it sends the execution to
// the daemon already running for the device exactly as the full CLI would (submit/running-daemon.ts), then prints
// the result as the full CLI does. It takes only the plainest call: `exec` (or `execute`) with inline JSON and at
// most `--device <id>`, an execution that validates, may run in the daemon and changes something (a snapshot-only
// one may be re-run after a lost answer, which only the full path does). Anything else, and anything that goes wrong
// before the daemon has the request (no daemon yet, one of another build, a bad device), is declined before any
// effect, and the full CLI takes the call: it starts the daemon, or says what is wrong in its usual words.
import { homeOf } from '../contracts/env.ts';
import { errorBodyOf } from '../contracts/errors.ts';
import { isFullSuccess, type RunResult } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import { osHomedir } from '../core/home.ts';
import { currentIdentity } from '../daemons/identity.ts';
import { directReason, isReadOnly, viaRunningDaemon } from '../submit/running-daemon.ts';
import { resolveTarget } from '../submit/target.ts';
import { printError, writeJson } from './output.ts';

const EXEC_WORDS = new Set(['exec', 'execute']);

/** The payload and the device of a call this client takes, or undefined. */
export function thinCallOf(argv: readonly string[]): { payload: string; device?: string } | undefined {
  let device: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = arg === '--device' ? argv[++i] : arg.startsWith('--device=') ? arg.slice('--device='.length) : null;
    if (value === null) rest.push(arg);
    else if (value === undefined || device !== undefined) return undefined;
    else device = value;
  }
  const [word, payload, ...more] = rest;
  if (word === undefined || !EXEC_WORDS.has(word) || payload === undefined || more.length > 0) return undefined;
  if (!payload.trimStart().startsWith('{')) return undefined;
  return device === undefined ? { payload } : { payload, device };
}

/** Runs the call and returns its exit code, or undefined (nothing has run) when the full CLI must take it. */
export async function runThinExec(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<number | undefined> {
  const call = thinCallOf(argv);
  if (call === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(call.payload);
  } catch {
    return undefined;
  }
  const validated = normalizeAndValidateExecution(raw);
  if (!validated.ok) return undefined;
  const { execution } = validated;
  if (directReason({ execution, env }, true, platform) !== undefined || isReadOnly(execution)) return undefined;
  let target: ReturnType<typeof resolveTarget>;
  try {
    target = resolveTarget({ deviceId: call.device }, env);
  } catch {
    return undefined;
  }
  const request = { execution, target, cwd: process.cwd(), verbose: false, env, home: homeOf(env, osHomedir) };
  try {
    const outcome = await viaRunningDaemon(request, currentIdentity(env));
    return outcome.kind === 'result' ? printed(outcome.result) : undefined;
  } catch (error) {
    // Not a refusal and not a lost answer (those are results): a fault of this process, told as the CLI tells one.
    printError('json', errorBodyOf(error), 'exec');
    return 1;
  }
}

/** As the full CLI prints a run result of `svc exec` (execution-command.ts), and its exit code. */
function printed(result: RunResult): number {
  if (!result.ok) {
    printError('json', result.error);
    return 1;
  }
  writeJson(result);
  return isFullSuccess(result) ? 0 : 1;
}
