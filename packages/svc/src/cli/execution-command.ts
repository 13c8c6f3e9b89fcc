// The one path of every execution command: build → normalize and validate (no device) → --dry-run /
// --validate-only, or submit → render → exit code (0 only when the run fully succeeded; when an envelope came back
// stdout holds the full run result either way).
import { homedir } from 'node:os';
import type { Command } from 'commander';
import { newIds } from '../builders/execution.ts';
import type { BuildInput } from '../builders/types.ts';
import { homeOf } from '../contracts/env.ts';
import { errorBodyOf } from '../contracts/errors.ts';
import { type Execution, isFullSuccess, type RunResult } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import { viaDaemon } from '../submit/submit.ts';
import { type Globals, readGlobals, targetOf } from './globals.ts';
import { printError, printValue } from './output.ts';
import { renderRunResult } from './render-run.ts';
import { dim, green } from './style.ts';

/** Validates and runs (or dry-runs) a raw execution; returns the exit code. */
/** What a command does to a run result before it is printed (screenshot: re-encode the image). */
export type AfterRun = (result: RunResult, globals: Globals) => Promise<RunResult>;

export async function runRawExecution(
  globals: Globals,
  raw: unknown,
  cwd = process.cwd(),
  after?: AfterRun,
): Promise<number> {
  const outcome = normalizeAndValidateExecution(raw);
  if (!outcome.ok) {
    printError(globals.output, outcome.error.toBody());
    return 1;
  }
  const target = targetOf(globals, process.env);
  if (globals.dryRun) {
    const shown = {
      operatorPackage: target.operatorPackage,
      driver: target.driver,
      ...(target.deviceId === undefined ? {} : { deviceId: target.deviceId }),
    };
    printValue(globals.output, { ok: true, dryRun: true, ...shown, execution: outcome.execution }, prettyDryRun);
    return 0;
  }
  if (globals.validateOnly) {
    printValue(
      globals.output,
      { ok: true, validated: true },
      () => `${green('valid')} ${summaryOf(outcome.execution)}`,
    );
    return 0;
  }
  const submit = viaDaemon({
    env: process.env,
    home: homeOf(process.env, homedir),
    daemon: globals.daemon,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const submitted = await submit({
    execution: outcome.execution,
    target,
    cwd,
    verbose: globals.verbose,
    waitDeviceMs: globals.waitDeviceMs,
  });
  const result = after === undefined ? submitted : await after(submitted, globals);
  if (!result.ok) {
    printError(globals.output, result.error);
    return 1;
  }
  printValue(globals.output, result, renderRunResult);
  return isFullSuccess(result) ? 0 : 1;
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

export type Builder = (input: BuildInput) => unknown;

/** A commander action for a built command: `(…positionals, flags, command)`. */
export function builtAction(verb: string, build: Builder, after?: AfterRun) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1) as Command;
    const flags = command.opts();
    const args = command.processedArgs.flat().filter((arg): arg is string => typeof arg === 'string');
    let globals: Globals | undefined;
    try {
      globals = readGlobals(command);
      const raw = build({ flags, args, timeoutMs: globals.timeoutMs, ids: newIds(verb) });
      process.exitCode = await runRawExecution(globals, raw, process.cwd(), after);
    } catch (error) {
      printError(globals?.output ?? 'json', errorBodyOf(error));
      process.exitCode = 1;
    }
  };
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
      printError(globals?.output ?? 'json', errorBodyOf(error));
      process.exitCode = 1;
    }
  };
}
