// The shape of one device chore's definition (one file per chore in this folder): something svc does on a phone
// besides a UI action (which app is in front, install this APK, what did the app log, rotate the screen ...). A chore
// has params checked by the same field rules as an action's (contracts/fields.ts, validate-params.ts) and the same
// surfaces (a flat command, an MCP tool, `POST /tools/<name>`), but no driver entry: a host runner does it with the
// device's shell (toolbox/), the same on every driver.
import type { CliSurface, Fields, ParamsOf, ParamsSpec } from '../actions/define.ts';

/** `read` only looks (MCP readOnlyHint); `act` changes something on the device. */
export type ChoreNature = 'read' | 'act';

export interface ChoreDefinition<
  N extends string = string,
  F extends Fields = Fields,
  R extends keyof F & string = keyof F & string,
  C extends CliSurface<keyof F & string> = CliSurface<keyof F & string>,
> {
  /** One name on every surface: the MCP tool, the HTTP route `/tools/<name>`. */
  readonly name: N;
  /** What the command list shows ("Install an APK"). */
  readonly title: string;
  /** What a model reads in tools/list before choosing the tool: one sentence (the argument names say the rest). */
  readonly brief: string;
  /** What `svc help <command>` prints: what it does, what it returns, how it fails. */
  readonly description: string;
  /** Its params (the MCP tool's and the HTTP body's arguments, by the same names). */
  readonly params: ParamsSpec<F, R>;
  readonly nature: ChoreNature;
  /** It removes something the user may want back (an app and its data): MCP destructiveHint. */
  readonly destructive?: boolean;
  /**
   * Takes the device's execution lock while it runs: it changes the screen or the installed apps, which would pull
   * the ground from under an execution in flight.
   */
  readonly locksDevice: boolean;
  /** Its command (`svc rotate <orientation>`, `svc clipboard get`): inputs name the params they fill. */
  readonly cli: C;
  /** Valid params, for the tests that go over every chore. */
  readonly example: ParamsOf<F, R>;
}

/**
 * Checks a chore's definition against the shape and keeps its literal types: its params type is read off it, and its
 * name and command stay literal so that the registry (contracts/registry.ts) can refuse a name used twice.
 */
export function defineChore<
  const N extends string,
  F extends Fields,
  R extends keyof F & string = never,
  const C extends CliSurface<keyof F & string> = CliSurface<keyof F & string>,
>(definition: ChoreDefinition<N, F, R, C>): ChoreDefinition<N, F, R, C> {
  return definition;
}

/** The params a chore's runner gets, as its field rules let them through. */
export type ChoreParamsOf<D> = D extends ChoreDefinition<string, infer F, infer R> ? ParamsOf<F, R> : never;
