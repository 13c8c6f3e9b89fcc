// The device tools as commands (`svc foreground`, `svc install app.apk`, `svc clipboard get`, `svc record start`
// ...): each reads its positionals and flags into the tool's arguments, which the tool's own schema checks, and
// prints `{ ok, deviceId, ... }` (pretty: key: value lines and tables). Install shows its progress on a terminal.
import type { Command } from 'commander';
import { z } from 'zod';
import { DEVICE_TOOLS } from '../../toolbox/catalog.ts';
import type { ToolProgress } from '../../toolbox/tool.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { targetOf } from '../globals.ts';
import { printValue } from '../output.ts';
import { renderToolResult } from '../render-tool.ts';
import { kebab, TOOL_GROUPS, TOOL_SHAPES, type ToolShape } from '../toolbox-shapes.ts';

interface ArgSchema {
  type?: string;
  description?: string;
  enum?: unknown[];
}

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** A command-line word as the argument's type (the tool's schema then checks it and names it when wrong). */
function typed(value: unknown, schema: ArgSchema | undefined): unknown {
  if (typeof value !== 'string') return value;
  if ((schema?.type === 'integer' || schema?.type === 'number') && NUMBER.test(value)) return Number(value);
  return value;
}

function progressPrinter(): (event: ToolProgress) => void {
  if (!process.stderr.isTTY) return () => {};
  return (event) => {
    const share =
      event.total !== undefined && event.done !== undefined && event.total > 0
        ? ` ${Math.floor((event.done / event.total) * 100)}% (${(event.done / 1e6).toFixed(1)} of ${(event.total / 1e6).toFixed(1)} MB)`
        : '';
    process.stderr.write(`\r\x1b[K${event.phase}${share}${event.phase === 'installing' ? '\n' : ''}`);
  };
}

function groupFor(program: Command, word: string): Command {
  const existing = program.commands.find((c) => c.name() === word);
  if (existing !== undefined) return existing;
  const description = TOOL_GROUPS[word];
  if (description === undefined) throw new Error(`no description for the device tool group ${word}`);
  return program.command(word).description(description);
}

/** Other tools as the command line names them (`record-stop` → `svc record stop`). */
const COMMAND_OF_TOOL = new Map(TOOL_SHAPES.map((shape) => [shape.tool, `svc ${shape.words.join(' ')}`]));

/**
 * A tool's description (written for HTTP and MCP, where arguments go by name) in command-line terms: an argument
 * named in camelCase becomes its flag (`timeLimitS` → `--time-limit-s`), a hyphenated tool name its command. Plain
 * words that are also argument names (package, all) stay words.
 */
function inCommandLineTerms(description: string, args: readonly string[], positionals: readonly string[]): string {
  let text = description.replace(/\b[a-z]+(?:-[a-z]+)+\b/g, (word) => COMMAND_OF_TOOL.get(word) ?? word);
  for (const name of args) {
    if (!/[A-Z]/.test(name)) continue;
    const said = positionals.includes(name) ? `<${name}>` : `--${kebab(name)}`;
    text = text.replace(new RegExp(`(?<!<)\\b${name}\\b(?!>)`, 'g'), said);
  }
  return text;
}

function register(program: Command, shape: ToolShape): void {
  const tool = DEVICE_TOOLS.find((t) => t.name === shape.tool);
  if (tool === undefined) throw new Error(`no device tool ${shape.tool}`);
  const schema = z.toJSONSchema(tool.args) as { properties?: Record<string, ArgSchema> };
  const properties = schema.properties ?? {};
  const [first, second] = shape.words as [string, string | undefined];
  const command = second === undefined ? program.command(first) : groupFor(program, first).command(second);
  // The list shows the title as the other commands read ("install an APK"); `svc help <tool>` the whole description.
  const positionals = shape.positionals ?? [];
  command
    .summary(`${tool.title.charAt(0).toLowerCase()}${tool.title.slice(1)}`)
    .description(inCommandLineTerms(tool.description, Object.keys(properties), positionals));
  for (const name of positionals) {
    const optional = shape.optional?.includes(name) ?? false;
    command.argument(
      optional ? `[${name}]` : `<${name}>`,
      properties[name]?.description ?? kebab(name).replace(/-/g, ' '),
    );
  }
  for (const [name, prop] of Object.entries(properties)) {
    if (positionals.includes(name)) continue;
    const flag = `--${kebab(name)}`;
    const placeholder = prop.type === 'integer' || prop.type === 'number' ? '<n>' : `<${kebab(name)}>`;
    command.option(prop.type === 'boolean' ? flag : `${flag} ${placeholder}`, prop.description ?? name);
  }
  command.action(
    safeAction(async (cmd, globals, received) => {
      const args: Record<string, unknown> = {};
      positionals.forEach((name, i) => {
        if (received[i] !== undefined) args[name] = typed(received[i], properties[name]);
      });
      for (const [key, value] of Object.entries(cmd.opts())) args[key] = typed(value, properties[key]);
      // `--timeout` / `--timeout-ms` are global flags: a tool that takes a timeout reads it from them.
      if (properties.timeoutMs !== undefined && args.timeoutMs === undefined && globals.timeoutMs !== undefined) {
        args.timeoutMs = globals.timeoutMs;
      }
      const [{ createContext }, { runTool }] = await Promise.all([
        import('../../core/context.ts'),
        import('../../toolbox/run-tool.ts'),
      ]);
      const ctx = createContext({ env: process.env, cwd: process.cwd() });
      try {
        const result = await runTool(ctx, tool, {
          args,
          target: targetOf(globals, process.env),
          cwd: process.cwd(),
          waitDeviceMs: globals.waitDeviceMs,
          progress: tool.name === 'install' ? progressPrinter() : undefined,
        });
        printValue(globals.output, result, renderToolResult);
        return 0;
      } finally {
        await ctx.close();
      }
    }),
  );
  examples(command, [...shape.examples]);
}

export function registerToolbox(program: Command): void {
  for (const shape of TOOL_SHAPES) register(program, shape);
}
