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

export interface ActionDefinition<
  T extends string = string,
  F extends Fields = Fields,
  R extends keyof F & string = keyof F & string,
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
}

/** Checks a definition against the shape and keeps its literal types (the params type is read off it). */
export function defineAction<const T extends string, F extends Fields, R extends keyof F & string = never>(
  definition: ActionDefinition<T, F, R>,
): ActionDefinition<T, F, R> {
  return definition;
}
