// The one path of every execution command: build → normalize and validate (no device) → --dry-run /
// --validate-only, or submit → render → exit code (0 only when the run fully succeeded; when an envelope came back
// stdout holds the full run result either way).
import type { Command } from 'commander';
import { newIds } from '../builders/cli-ids.ts';
import type { FlagBag } from '../builders/flag-values.ts';
import { homeOf } from '../contracts/env.ts';
import { errorBodyOf, type SvcError } from '../contracts/errors.ts';
import { type Execution, isFullSuccess } from '../contracts/types.ts';
import { osHomedir } from '../core/home.ts';
import { prepareSubmission } from '../submit/prepare.ts';
import { viaDaemon } from '../submit/submit.ts';
import { inFlagTerms } from './flag-paths.ts';
import { actionCommand, type FlatCommand } from './flat-builders.ts';
import { type Globals, globalsOf, readGlobals, targetOf } from './globals.ts';
import type { AfterRun } from './observe-after.ts';
import { printError, printValue } from './output.ts';
import { renderRunResult } from './render-run.ts';
import { dim, green } from './style.ts';

/**
 * Validates and runs (or dry-runs) a raw execution; returns the exit code. `explain` restates a validation error in
 * the words the user typed (a built command's flags).
 */
export async function runRawExecution(
  globals: Globals,
  raw: unknown,
  cwd = process.cwd(),
  after?: AfterRun,
  explain: (error: SvcError) => SvcError = (error) => error,
  // A built command's timeout is the caller's own only with --timeout-ms.
  timeoutGiven = globals.timeoutMs !== undefined,
): Promise<number> {
  const prepared = await prepareSubmission({
    raw,
    timeoutGiven,
    target: (invalid) => (invalid === undefined ? targetOf(globals, process.env) : undefined),
    cwd,
    verbose: globals.verbose,
    waitDeviceMs: globals.waitDeviceMs,
  });
  if (!prepared.ok) {
    if (prepared.step !== 'execution') throw prepared.error;
    printError(globals.output, explain(prepared.error).toBody());
    return 1;
  }
  const { execution, target } = prepared.request;
  if (globals.dryRun) {
    const shown = {
      operatorPackage: target.operatorPackage,
      driver: target.driver,
      ...(target.deviceId === undefined ? {} : { deviceId: target.deviceId }),
    };
    printValue(globals.output, { ok: true, dryRun: true, ...shown, execution }, prettyDryRun);
    return 0;
  }
  if (globals.validateOnly) {
    printValue(globals.output, { ok: true, validated: true }, () => `${green('valid')} ${summaryOf(execution)}`);
    return 0;
  }
  const submit = viaDaemon({
    env: process.env,
    home: homeOf(process.env, osHomedir),
    daemon: globals.daemon,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const submitted = await submit({ ...prepared.request, screen: globals.screen });
  const result = after === undefined ? submitted : await after(submitted, globals);
  if (!result.ok) {
    printError(globals.output, result.error);
    return 1;
  }
  printValue(globals.output, result, renderRunResult);
  // `succeeded` may say more than the steps (scroll-until whose target never showed).
  return isFullSuccess(result) && result.succeeded ? 0 : 1;
}

function summaryOf(execution: Execution): string {
  const types = execution.actions.map((action) => action.type).join(', ');
  return `${execution.commandId}: ${execution.actions.length} action(s) (${types}), timeout ${execution.timeoutMs} ms`;
}

/** Pretty dry run: a summary line, then the execution exactly as it would be sent. */
function prettyDryRun(value: { operatorPackage: string; deviceId?: string; execution: Execution }): string {
  const target = `${value.operatorPackage}${value.deviceId === undefined ? '' : ` on ${value.deviceId}`}`;
  return [`${dim('dry run')} ${summaryOf(value.execution)} → ${target}`, JSON.stringify(value.execution, null, 2)].join(
    '\n',
  );
}

/**
 * A commander action for an action command (`click`, `action click`, `on-screen-log set`): `(…positionals, flags,
 * command)`. It runs as its entry of flat-builders.ts, exactly as the hot path runs a flat command.
 */
export function builtAction(key: string) {
  const command = actionCommand(key);
  // Ids carry no spaces: `action click` → cli-action-click-….
  const verb = key.replaceAll(' ', '-');
  return async (...received: unknown[]): Promise<void> => {
    const self = received.at(-1) as Command;
    const args = self.processedArgs.flat().filter((arg): arg is string => typeof arg === 'string');
    process.exitCode = await runBuilt(
      verb,
      command,
      { name: self.name(), flags: self.opts(), args },
      self.optsWithGlobals(),
      commandWords(self),
    );
  };
}

/** One call of a built command: the command's name as typed (`ui` for `inspect ui`), its flags and arguments. */
export interface BuiltCall {
  name: string;
  flags: FlagBag;
  args: readonly string[];
}

/** The global flags read, the command's own checks, the execution built and run: the exit code. Errors are rendered. */
export async function runBuilt(
  verb: string,
  command: FlatCommand,
  { name, flags, args }: BuiltCall,
  globalFlags: FlagBag,
  words = verb,
): Promise<number> {
  let globals: Globals | undefined;
  try {
    globals = globalsOf(name, globalFlags);
    const after = await command.afterRun?.(flags, globals);
    const raw = command.build({ flags, args, timeoutMs: globals.timeoutMs, ids: newIds(verb) });
    return await runRawExecution(globals, raw, process.cwd(), after, (error) => inFlagTerms(command.key, error, flags));
  } catch (error) {
    printError(globals?.output ?? 'json', errorBodyOf(error), words);
    return 1;
  }
}

/** `skills run` for the command `run` under `skills` (the program itself left out). */
function commandWords(command: Command): string {
  const words: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) words.unshift(at.name());
  return words.join(' ');
}

/** A commander action for any other command: the handler returns the exit code; errors are rendered. */
export function safeAction(handler: (command: Command, globals: Globals, args: unknown[]) => Promise<number>) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1) as Command;
    let globals: Globals | undefined;
    try {
      globals = readGlobals(command);
      process.exitCode = await handler(command, globals, received.slice(0, -2));
    } catch (error) {
      printError(globals?.output ?? 'json', errorBodyOf(error), commandWords(command));
      process.exitCode = 1;
    }
  };
}
