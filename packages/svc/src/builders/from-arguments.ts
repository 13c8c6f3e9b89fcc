// A flat tool's arguments into its one-action execution, by the arguments its action's definition lists
// (contracts/actions/): no flag strings in between, and every rule of the execution itself is the contracts' to
// check, on every surface alike. An argument left out, false, or the value that means "the default" stays out of
// the params (the device applies its default).
import type { ToolSurface } from '../contracts/actions/define.ts';
import type { Ids } from './cli-ids.ts';
import { type BuiltExecution, plainTimeout, sleepTimeout, waitTimeout, wrapExecution } from './execution.ts';
import { actionIdOf, type Bound, toolOf } from './surfaces.ts';

export type ToolArgs = Readonly<Record<string, unknown>>;

/** The surface of a shared tool that this call means (`open` of a URI, `scroll-until` with click). */
function chosen(bound: readonly Bound<ToolSurface>[], args: ToolArgs): Bound<ToolSurface> {
  const picked = bound.find(({ surface: { when } }) => {
    if (when === undefined) return false;
    const value = args[when.argument];
    return 'matches' in when ? typeof value === 'string' && when.matches.test(value) : value === true;
  });
  return picked ?? (bound[0] as Bound<ToolSurface>);
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The one-action execution of the tool `name` for these (schema-checked) arguments. */
export function buildTool(name: string, args: ToolArgs, ids: Ids): BuiltExecution {
  const bound = chosen(toolOf(name), args);
  const { surface, definition, type } = bound;
  const params: Record<string, unknown> = {};
  for (const [argument, spec] of Object.entries(surface.arguments)) {
    const value = args[argument] ?? spec.default;
    if (value === undefined || value === false || value === spec.omit) continue;
    params[spec.param] = value;
  }
  const given = numberOf(args.timeoutMs);
  let timeoutMs: number;
  if (surface.actionTimeout !== undefined) {
    if (given !== undefined) params.timeoutMs = given;
    timeoutMs = waitTimeout(given);
  } else if (definition.builtTimeout === 'sleep') {
    timeoutMs = sleepTimeout(params.durationMs as number, given);
  } else {
    timeoutMs = plainTimeout(given);
  }
  const action = { id: actionIdOf(surface), type, ...(Object.keys(params).length > 0 ? { params } : {}) };
  return wrapExecution(ids, timeoutMs, [action]);
}
