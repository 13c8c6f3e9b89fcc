// One validated action written back as the flat command or tool call that builds it, from the same surfaces the
// builders read (contracts/actions/). Each form is checked by building it again: only a form that gives back the
// very same action and execution timeout is offered (otherwise the caller falls back to `svc exec` / `execute`).
import type { CliSurface, ToolSurface } from '../contracts/actions/define.ts';
import { quoteShellArg } from '../contracts/dispatch.ts';
import type { Action } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import { type BuiltExecution, sleepTimeout } from './execution.ts';
import { buildTool } from './from-arguments.ts';
import { buildCommand } from './from-flags.ts';
import { SELECTOR_FLAG_SETS } from './selector.ts';
import { type Bound, CLI_COMMANDS, commandKeyOf, flagKey, flagSpelling, TOOLS } from './surfaces.ts';

const IDS = { commandId: 'written-as', taskId: 'written-as' };
const DEFAULT_TIMEOUT_MS = 30_000;

/** `svc` words are safe as they are; anything else is single-quoted for a POSIX shell. */
const word = (value: string) => (/^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : quoteShellArg(value));
const kebab = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The built execution gives back exactly this action (params as validated) and this timeout. */
function same(built: BuiltExecution, action: Action, timeoutMs: number): boolean {
  const outcome = normalizeAndValidateExecution(built);
  if (!outcome.ok || outcome.execution.timeoutMs !== timeoutMs) return false;
  const [again] = outcome.execution.actions;
  return again?.type === action.type && JSON.stringify(again.params ?? {}) === JSON.stringify(action.params ?? {});
}

interface Written {
  words: string[];
  flags: Record<string, unknown>;
  args: string[];
  timeoutMs?: number;
}

/** The flags and words for a matcher through a selector flag set, or undefined when the set cannot say it. */
function selectorWords(
  set: CliSurface['inputs'][number] & { kind: 'selector' },
  matcher: unknown,
  out: Written,
): boolean {
  if (typeof matcher !== 'object' || matcher === null) return true;
  const { json, table } = SELECTOR_FLAG_SETS[set.flags];
  const fields = Object.entries(matcher as Record<string, unknown>);
  const rows = fields.flatMap(([field, value]) => {
    const row = table.find((r) => r.field === field);
    return row === undefined ? [] : [{ row, value: String(value) }];
  });
  if (rows.length === fields.length) {
    for (const { row, value } of rows) {
      out.flags[row.keys[0] as string] = [value];
      out.words.push(flagSpelling(row.flag), word(value));
    }
    return true;
  }
  if (json === undefined) return false;
  out.flags[json.key] = [JSON.stringify(matcher)];
  out.words.push(flagSpelling(json.flag), word(JSON.stringify(matcher)));
  return true;
}

function writeCommand(surface: CliSurface, action: Action, naturalTimeoutMs: number | undefined, timeoutMs: number) {
  const params: Readonly<Record<string, unknown>> = action.params ?? {};
  const out: Written = { words: [], flags: {}, args: [] };
  if (surface.when !== undefined && 'switch' in surface.when) {
    out.flags[surface.when.switch] = true;
    out.words.push(kebab(surface.when.switch));
  }
  for (const input of surface.inputs) {
    if (input.kind === 'option' || input.param === undefined) continue;
    const value = params[input.param];
    if (value === undefined) continue;
    if (input.kind === 'selector') {
      if (!selectorWords(input, value, out)) return undefined;
    } else if (input.kind === 'flag') {
      out.flags[flagKey(input.flag)] = [String(value)];
      out.words.push(flagSpelling(input.flag), word(String(value)));
    } else if (input.kind === 'switch') {
      if (value !== (input.value ?? true)) continue;
      out.flags[flagKey(input.flag)] = true;
      out.words.push(flagSpelling(input.flag));
    } else if (input.kind === 'argument') {
      // Positional words come first, in the order of the arguments.
      out.words.splice(out.args.length, 0, word(String(value)));
      out.args.push(String(value));
    } else if (input.kind === 'point') {
      const { x, y } = value as { x: number; y: number };
      out.words.splice(out.args.length, 0, String(x), String(y));
      out.args.push(String(x), String(y));
    } else if (input.kind === 'coordinate') {
      const { x, y } = value as { x: number; y: number };
      out.flags[flagKey(input.flag)] = [String(x), String(y)];
      out.words.push(flagSpelling(input.flag), String(x), String(y));
    } else if (input.kind === 'timeout') {
      out.timeoutMs = value as number;
    }
  }
  // A command whose --timeout is the action's own wait works the execution's out from it; any other says it only
  // when it differs from what the command would take by itself.
  if (naturalTimeoutMs !== undefined && timeoutMs !== naturalTimeoutMs) out.timeoutMs = timeoutMs;
  if (out.timeoutMs !== undefined) out.words.push('--timeout', String(out.timeoutMs));
  return out;
}

/** What a command's execution timeout is when no --timeout is given; undefined when --timeout is the action's. */
function naturalTimeout(bound: Bound<CliSurface>, action: Action): number | undefined {
  if (bound.surface.inputs.some((input) => input.kind === 'timeout')) return undefined;
  if (bound.definition.builtTimeout !== 'sleep') return DEFAULT_TIMEOUT_MS;
  const params: Readonly<Record<string, unknown>> = action.params ?? {};
  return sleepTimeout(params.durationMs as number, undefined);
}

/** Flat commands before the subcommands of a group (`svc click` rather than `svc action click`). */
const COMMANDS_IN_ORDER = [...CLI_COMMANDS].sort(([a], [b]) => Number(a.includes(' ')) - Number(b.includes(' ')));

/** The flat command (`svc click --id ...`) that builds this one action, or undefined when only `svc exec` says it. */
export function commandLineOf(action: Action, timeoutMs: number): string | undefined {
  for (const [key, bound] of COMMANDS_IN_ORDER) {
    for (const one of bound) {
      if (one.type !== action.type) continue;
      const { surface } = one;
      const written = writeCommand(surface, action, naturalTimeout(one, action), timeoutMs);
      if (written === undefined) continue;
      const call = { flags: written.flags, args: written.args, timeoutMs: written.timeoutMs, ids: IDS };
      let built: BuiltExecution;
      try {
        built = buildCommand(key, call);
      } catch {
        continue;
      }
      if (same(built, action, timeoutMs)) return ['svc', commandKeyOf(surface), ...written.words].join(' ');
    }
  }
  return undefined;
}

/** The flat tool call that builds this one action, or undefined when only `execute` says it. */
export function toolCallOf(
  action: Action,
  timeoutMs: number,
): { name: string; arguments: Record<string, unknown> } | undefined {
  const params: Readonly<Record<string, unknown>> = action.params ?? {};
  for (const [name, bound] of TOOLS) {
    for (const { type, surface } of bound) {
      if (type !== action.type) continue;
      const args: Record<string, unknown> = {};
      if (surface.when !== undefined && !('matches' in surface.when)) args[surface.when.argument] = true;
      for (const [argument, spec] of Object.entries((surface as ToolSurface).arguments)) {
        if (params[spec.param] !== undefined) args[argument] = params[spec.param];
      }
      if (surface.actionTimeout !== undefined && params.timeoutMs !== undefined) args.timeoutMs = params.timeoutMs;
      else if (surface.actionTimeout === undefined && timeoutMs !== DEFAULT_TIMEOUT_MS) args.timeoutMs = timeoutMs;
      if (same(buildTool(name, args, IDS), action, timeoutMs)) return { name, arguments: args };
    }
  }
  return undefined;
}
