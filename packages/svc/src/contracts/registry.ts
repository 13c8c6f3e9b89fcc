// The one registry of everything svc does on a phone: the action types (contracts/actions/, run by the drivers) and
// the device chores (contracts/chores/, run by a host runner). They share one name space: a command key (`click`,
// `record start`) or an MCP tool name used twice, across actions and chores, fails the type check here, naming it.
import type { ActionDefinition } from './actions/define.ts';
import { ACTION_DEFINITIONS } from './actions/index.ts';
import type { ChoreDefinition } from './chores/define.ts';
import { CHORE_DEFINITIONS } from './chores/index.ts';

/** The key a surface names its command by (`click`, `record start`); never for a surface a `when` picks. */
type KeyOfSurface<S> = S extends { readonly when: object }
  ? never
  : S extends { readonly verb: infer V extends string }
    ? string extends V
      ? never
      : S extends { readonly group: infer G extends string }
        ? `${G} ${V}`
        : V
    : never;

/** The primary command keys of one definition, as a tuple (an action may name several commands; some none). */
type CommandKeysOf<D> = D extends { readonly cli?: infer C } ? KeysOfSurfaces<Exclude<C, undefined>> : [];

type KeysOfSurfaces<C> = [C] extends [never]
  ? []
  : C extends readonly unknown[]
    ? number extends C['length']
      ? [] // not a literal list: a definition without commands
      : { [I in keyof C]: KeyOfSurface<C[I]> }
    : [KeyOfSurface<C>];

/** The MCP tool name of one definition: a chore's name, an action's tool without a `when`. */
type ToolNamesOf<D> = D extends { readonly name: infer N extends string }
  ? [N]
  : D extends { readonly mcp?: infer M }
    ? Exclude<M, undefined> extends { readonly when: object }
      ? []
      : Exclude<M, undefined> extends { readonly name: infer N extends string }
        ? string extends N
          ? []
          : [N]
        : []
    : [];

/** The lists of `L` joined in order (tail-recursive, so a long registry stays within the checker's depth). */
type Flat<L extends readonly (readonly unknown[])[], Done extends readonly unknown[] = []> = L extends readonly [
  infer H extends readonly unknown[],
  ...infer T extends readonly (readonly unknown[])[],
]
  ? Flat<T, [...Done, ...H]>
  : Done;

type KeysOfAll<D extends readonly unknown[]> = Flat<{ [I in keyof D]: CommandKeysOf<D[I]> }>;
type ToolsOfAll<D extends readonly unknown[]> = Flat<{ [I in keyof D]: ToolNamesOf<D[I]> }>;

/** The names a list holds more than once (tail-recursive, as Flat). */
export type UsedTwice<L extends readonly unknown[], Seen = never, Twice = never> = L extends readonly [
  infer H,
  ...infer T,
]
  ? [H] extends [never]
    ? UsedTwice<T, Seen, Twice>
    : UsedTwice<T, Seen | H, [H] extends [Seen] ? Twice | H : Twice>
  : Twice;

/** The command keys and the MCP tool names that actions and chores `A` and `C` use twice. */
export type Clashes<A extends readonly unknown[], C extends readonly unknown[]> =
  | UsedTwice<[...KeysOfAll<A>, ...KeysOfAll<C>]>
  | UsedTwice<[...ToolsOfAll<A>, ...ToolsOfAll<C>]>;

/** Nothing when no name is used twice; else a property the lists lack, which the type checker names. */
type NoClash<A extends readonly unknown[], C extends readonly unknown[]> = [Clashes<A, C>] extends [never]
  ? unknown
  : { readonly 'a command or tool name is used twice': Clashes<A, C> };

export interface Registry {
  readonly actions: readonly ActionDefinition[];
  readonly chores: readonly ChoreDefinition[];
}

/** The registry of these lists, which must not use a command key or tool name twice (a type error names it). */
export function registryOf<const A extends readonly unknown[], const C extends readonly unknown[]>(
  actions: A,
  chores: C & NoClash<A, C>,
): Registry {
  // The lists' own types keep each definition's literal params; here every definition is read alike.
  return { actions: actions as readonly ActionDefinition[], chores: chores as readonly ChoreDefinition[] };
}

export const REGISTRY: Registry = registryOf(ACTION_DEFINITIONS, CHORE_DEFINITIONS);
