// The flat commands and tools, read off the one registry (contracts/registry.ts): which action types a command or
// tool builds, the surface that describes it, and what picks one when two types share a command (`open`,
// `scroll-until --click`); and each chore's command. Everything that maps a command's flags or a tool's arguments
// to params, or back, reads these tables; nothing lists a command or a tool a second time.

import type { ActionDefinition, CliSurface, ToolSurface } from '../contracts/actions/define.ts';
import type { ActionType } from '../contracts/actions/index.ts';
import type { ChoreDefinition } from '../contracts/chores/define.ts';
import { REGISTRY } from '../contracts/registry.ts';

export interface Bound<S> {
  readonly type: ActionType;
  readonly definition: ActionDefinition;
  readonly surface: S;
}

/** A command's key: its verb, or `<group> <verb>` for a subcommand (`action click`, `on-screen-log set`). */
export const commandKeyOf = (surface: CliSurface): string =>
  surface.group === undefined ? surface.verb : `${surface.group} ${surface.verb}`;

function grouped<S>(
  pick: (definition: ActionDefinition) => readonly S[],
  key: (surface: S) => string,
  isPrimary: (surface: S) => boolean,
): ReadonlyMap<string, readonly Bound<S>[]> {
  const out = new Map<string, Bound<S>[]>();
  for (const definition of REGISTRY.actions) {
    for (const surface of pick(definition)) {
      const list = out.get(key(surface)) ?? [];
      list.push({ type: definition.type as ActionType, definition, surface });
      out.set(key(surface), list);
    }
  }
  // The surface without a `when` comes first: it names and describes the command or tool.
  for (const list of out.values()) list.sort((a, b) => Number(!isPrimary(a.surface)) - Number(!isPrimary(b.surface)));
  return out;
}

/** Every flat command and subcommand by key, in the order the definitions list them. */
export const CLI_COMMANDS = grouped<CliSurface>(
  (d) => d.cli ?? [],
  commandKeyOf,
  (s) => s.when === undefined,
);

/** Every flat tool by name, in the order the definitions list them. */
export const TOOLS = grouped<ToolSurface>(
  (d) => (d.mcp === undefined ? [] : [d.mcp]),
  (s) => s.name,
  (s) => s.when === undefined,
);

/** Every chore's command by key (`foreground`, `keyboard install`), in the order the chores list them. */
export const CHORE_COMMANDS: ReadonlyMap<string, ChoreDefinition> = new Map(
  REGISTRY.chores.map((chore) => [commandKeyOf(chore.cli), chore]),
);

export function commandOf(key: string): readonly Bound<CliSurface>[] {
  const bound = CLI_COMMANDS.get(key);
  if (bound === undefined) throw new Error(`no action command ${key}`);
  return bound;
}

export function toolOf(name: string): readonly Bound<ToolSurface>[] {
  const bound = TOOLS.get(name);
  if (bound === undefined) throw new Error(`no action tool ${name}`);
  return bound;
}

/** The one-action id a surface gives its action. */
export const actionIdOf = (surface: CliSurface | ToolSurface): string =>
  surface.id ?? ('verb' in surface ? surface.verb : surface.name);

/** camelCase key commander stores a flag under: `--max-scrolls <n>` → `maxScrolls`. */
export function flagKey(flag: string): string {
  const long = (flag.split(/[ ,]/)[0] ?? '').replace(/^--/, '');
  return long.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The flag as typed, without its value: `--max-scrolls <n>` → `--max-scrolls`. */
export const flagSpelling = (flag: string): string => flag.split(/[ ,]/)[0] ?? flag;
