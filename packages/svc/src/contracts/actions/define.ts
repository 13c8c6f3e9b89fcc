// The shape of one action type's definition (one file per type in this folder). Everything svc says about an action
// is derived from these: validation and the JSON Schema (params), the alias tables, the retry preset, which actions
// may change the screen or are clicks (refs, settle warnings), and the flat command and tool an agent calls.
import type { FieldRule, ValueOf } from '../fields.ts';
import type { RetryPresetName } from '../retry.ts';

export type Fields = Readonly<Record<string, FieldRule>>;

/** The canonical params an action's fields let through: required names present, the others optional. */
export type ParamsOf<F extends Fields, R extends keyof F> = {
  -readonly [K in keyof F as K extends R ? K : never]: ValueOf<F[K]>;
} & { -readonly [K in keyof F as K extends R ? never : K]?: ValueOf<F[K]> };

/**
 * The params rules of one action type (SPEC 2.5) as data: fields in canonical output order, required names, and
 * cross-field rules. validate-params.ts runs them; schema.ts turns them into JSON Schema.
 */
export interface ParamsSpec<F extends Fields = Fields, R extends keyof F & string = keyof F & string> {
  readonly fields: F;
  readonly required?: readonly R[];
  /** Cross-field rules, run on the canonical params after every field passed; throw via fail(). */
  check?(params: ParamsOf<F, R>, path: string): void;
  /** JSON Schema fragment for the cross-field rules (oneOf/anyOf/if-then), kept next to `check`. */
  readonly schemaExtra?: Readonly<Record<string, unknown>>;
}

/**
 * What an action does to the device, for the rules that depend on it: `click` taps (a snapshot right after it may
 * show the screen before it settled), `read` only looks and changes nothing, `act` is everything else.
 */
export type ActionNature = 'click' | 'read' | 'act';

/**
 * The shorthand flag sets a selector input takes (the CLI spells them out): `element` (--selector JSON, --text, --id,
 * --desc, ...), `element-without-text` (the same without --text, which a command uses for something else),
 * `container` (--container-selector, --container-text, ...), `label` (--label, --label-id, ...; no JSON), `json`
 * (--selector JSON alone).
 */
export type SelectorFlags = 'element' | 'element-without-text' | 'container' | 'label' | 'json';

/** The command groups a flat command may sit in (`svc action click`, `svc record start`). */
export type CommandGroup = 'action' | 'on-screen-log' | 'clipboard' | 'keyboard' | 'record';

/**
 * One input of a flat command and the param it fills. `P` is the definition's param names: a surface naming a param
 * its definition does not have fails the type check.
 */
export type CliInput<P extends string = string> =
  | {
      readonly kind: 'selector';
      readonly param: P;
      readonly flags: SelectorFlags;
      /** A selector must be given (unless this other param was filled, as a click's coordinate). */
      readonly required?: boolean | { readonly unless: P };
      /** The message when it is required and missing (default: "<verb> needs an element selector: ..."). */
      readonly missing?: string;
    }
  | {
      readonly kind: 'flag';
      /** The flag as commander spells it: `--validator <name>`. */
      readonly flag: string;
      readonly param: P;
      readonly help: string;
      /** Other spellings, hidden from help. */
      readonly aliases?: readonly string[];
      readonly integer?: boolean;
      /** A number, fractions allowed (a latitude). */
      readonly number?: boolean;
      /** A blank value is kept (text is typed as given) instead of refused. */
      readonly allowBlank?: boolean;
      /** The message when the flag is required and missing (default: "--flag is required" when `required`). */
      readonly required?: boolean;
      readonly missing?: string;
      /** Taken when the flag is not given. */
      readonly default?: string;
    }
  | {
      readonly kind: 'switch';
      readonly flag: string;
      /** The param it sets to `value`; absent for the switch that picks this action on a shared command. */
      readonly param?: P;
      readonly value?: string | true;
      readonly help: string;
    }
  | {
      readonly kind: 'argument';
      /** Its name in the usage line: `<duration-ms>`. */
      readonly name: string;
      readonly param: P;
      /** What help says of it under "Arguments" (none: help lists it in the usage line only). */
      readonly help?: string;
      readonly optional?: boolean;
      readonly integer?: boolean;
      /** A number, fractions allowed (a latitude). */
      readonly number?: boolean;
      /** The same value may come as this flag instead (`scroll up` or `scroll --direction up`). */
      readonly flag?: { readonly flag: string; readonly help: string; readonly example: string };
      /** Taken when neither the argument nor its flag is given. */
      readonly default?: string;
      /** The message when it is missing or blank (default "<verb> needs <name>"). */
      readonly missing?: string;
      /** The path a missing value is reported at (default the param's). */
      readonly missingPath?: string;
    }
  | { readonly kind: 'coordinate'; readonly flag: string; readonly param: P; readonly help: string }
  /** The global --timeout fills this param of the action (a wait's own time) instead of the execution's. */
  | { readonly kind: 'timeout'; readonly param: P; readonly missing?: string }
  /** An option the command reads itself (image options); it fills no param. */
  | { readonly kind: 'option'; readonly flag: string; readonly help: string };

/** A flat command (`svc click`) or a subcommand of a group (`svc action click`) that builds this one action. */
export interface CliSurface<P extends string = string> {
  readonly verb: string;
  readonly group?: CommandGroup;
  readonly aliases?: readonly string[];
  readonly description: string;
  readonly examples: readonly string[];
  /** Text shown after the options in help. */
  readonly helpAfter?: string;
  /** The action's id in the built execution (default the verb). */
  readonly id?: string;
  readonly inputs: readonly CliInput<P>[];
  /** Params this command always sets (`back` is press_key back). */
  readonly fixed?: Readonly<Partial<Record<P, unknown>>>;
  /**
   * On a command shared by two action types, what picks this one: a switch (`scroll-until --click`), or the first
   * argument matching a pattern (`open` of a URI).
   */
  readonly when?: { readonly switch: string } | { readonly argument: string; readonly matches: RegExp };
  /** Registered by the observe commands (snapshot, screenshot), which add their own options. */
  readonly observe?: boolean;
  /** At least one of these params must be filled (said in the command's words before the contract says it). */
  readonly needsOneOf?: { readonly params: readonly P[]; readonly message: string };
}

/** One argument of an MCP tool and the param it fills. */
export interface ToolArgument<P extends string = string> {
  readonly param: P;
  /** Taken when the argument is not given. */
  readonly default?: string;
  /** A value that means "the default": left out of the params (clickType `default`). */
  readonly omit?: string;
}

/** A flat MCP tool that builds this one action. */
export interface ToolSurface<P extends string = string> {
  readonly name: string;
  readonly description: string;
  readonly arguments: Readonly<Record<string, ToolArgument<P>>>;
  readonly required?: readonly string[];
  /** The action's id in the built execution (default the tool's name). */
  readonly id?: string;
  /** `timeoutMs` is this action's own param (the wait), instead of the execution's time limit. */
  readonly actionTimeout?: true;
  /** On a tool shared by two action types, the boolean argument that picks this one, or a pattern of an argument. */
  readonly when?: { readonly argument: string } | { readonly argument: string; readonly matches: RegExp };
}

/**
 * How the one-action execution of a flat command or tool is timed: the caller's timeout, else 30000; a command whose
 * --timeout (a tool whose timeoutMs) is the action's own wait gets that plus room, max(t + 5000, 30000); `sleep` gets
 * max(duration + 5000, the caller's, 30000).
 */
export type BuiltTimeout = 'sleep';

export interface ActionDefinition<
  T extends string = string,
  F extends Fields = Fields,
  R extends keyof F & string = keyof F & string,
  C extends readonly CliSurface<keyof F & string>[] = readonly CliSurface<keyof F & string>[],
  M extends ToolSurface<keyof F & string> = ToolSurface<keyof F & string>,
> {
  readonly type: T;
  /** Other names of the type, matched after trimming and lower-casing (SPEC 2.2). */
  readonly aliases?: readonly string[];
  /** Names matched exactly (no case change, no trimming). */
  readonly exactAliases?: readonly string[];
  /** Params translate no key aliases at all (SPEC 2.2 "strict object"). */
  readonly strictParams?: boolean;
  /** Param-key aliases of this action alone, applied after the generic ones (SPEC 2.2). */
  readonly paramAliases?: Readonly<Record<string, string>>;
  readonly params: ParamsSpec<F, R>;
  /** The retry preset a step gets when it names no retry object (SPEC 2.4, 2.5). */
  readonly retry: RetryPresetName;
  readonly nature: ActionNature;
  /**
   * After it the screen may no longer be the one a snapshot saw, so a ref of that snapshot cannot be used later in
   * the same execution. A function when it depends on the params (typing changes the screen only with submit).
   */
  readonly changesScreen: boolean | ((params: ParamsOf<F, R>) => boolean);
  /** The flat commands that build this action alone. */
  readonly cli?: C;
  /** The flat MCP tool that builds this action alone. */
  readonly mcp?: M;
  /** How a flat command's or tool's execution is timed (default plain). */
  readonly builtTimeout?: BuiltTimeout;
}

/** A URI has a scheme (`https:`, `tel:`, `myapp:`); an application id never holds a colon. */
export const URI_TARGET = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Checks a definition against the shape and keeps its literal types: the params type is read off it, and the verbs
 * and tool names stay literal so that the registry (contracts/registry.ts) can refuse a name used twice.
 */
export function defineAction<
  const T extends string,
  F extends Fields,
  R extends keyof F & string = never,
  const C extends readonly CliSurface<keyof F & string>[] = readonly CliSurface<keyof F & string>[],
  const M extends ToolSurface<keyof F & string> = ToolSurface<keyof F & string>,
>(definition: ActionDefinition<T, F, R, C, M>): ActionDefinition<T, F, R, C, M> {
  return definition;
}
