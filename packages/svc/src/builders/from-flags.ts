// A command's flags and arguments into params, by the inputs its definition lists: an action command's into its
// one-action execution (contracts/actions/), a chore command's into the chore's params (contracts/chores/). Rules of
// the params themselves (exactly one of matcher or coordinate, a latitude's range ...) are the contracts' to check,
// after building, on every surface alike; this says only what the command's own words leave out or give twice.
import type { CliInput, CliSurface } from '../contracts/actions/define.ts';
import { SvcError } from '../contracts/errors.ts';
import { type BuiltExecution, plainTimeout, sleepTimeout, waitTimeout, wrapExecution } from './execution.ts';
import { type FlagBag, isSet, single } from './flag-values.ts';
import { parseIntegerToken } from './numeric.ts';
import { parseSelector, SELECTOR_FLAG_SETS, selectorMissing } from './selector.ts';
import { actionIdOf, type Bound, CHORE_COMMANDS, commandOf, flagKey, flagSpelling } from './surfaces.ts';
import type { BuildInput } from './types.ts';

type Params = Record<string, unknown>;

/** Where a param is reported: `actions[0].params.<param>` in an action's execution, `<param>` in a chore's params. */
type At = (param: string) => string;
const inAction: At = (param) => `actions[0].params.${param}`;

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** A number's word as the number; any other word as it is, for the field rules to refuse by name. */
const numberOrWord = (value: string): number | string => (NUMBER.test(value.trim()) ? Number(value) : value);
const invalid = (message: string, path: string) => new SvcError('EXECUTION_VALIDATION_FAILED', message, { path });

/** The surface of a shared command that this call means (`open` of a URI, `scroll-until --click`). */
function chosen(bound: readonly Bound<CliSurface>[], input: BuildInput): Bound<CliSurface> {
  const picked = bound.find(({ surface: { when } }) => {
    if (when === undefined) return false;
    if ('switch' in when) return isSet(input.flags, when.switch);
    const position = argumentInputs(bound[0]?.surface).findIndex((arg) => arg.name === when.argument);
    return when.matches.test(input.args[position] ?? '');
  });
  return picked ?? (bound[0] as Bound<CliSurface>);
}

const argumentInputs = (surface: CliSurface | undefined) =>
  (surface?.inputs ?? []).filter(
    (input): input is Extract<CliInput, { kind: 'argument' }> => input.kind === 'argument',
  );

function coordinateOf(flags: FlagBag, flag: string): { x: number; y: number } | undefined {
  const raw = flags[flagKey(flag)];
  if (raw === undefined) return undefined;
  const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const name = flagSpelling(flag);
  if (values.length !== 2) {
    throw new SvcError('CLI_USAGE_ERROR', `${name} takes exactly two values <x> <y>, once (got ${values.length})`, {
      path: name,
    });
  }
  const [x = '', y = ''] = values;
  return {
    x: parseIntegerToken(x, name, 'actions[0].params.coordinate.x'),
    y: parseIntegerToken(y, name, 'actions[0].params.coordinate.y'),
  };
}

/** Reads one input into `params`; `setBy` remembers which switch set a param (two switches for one param clash). */
function read(
  verb: string,
  input: CliInput,
  call: BuildInput,
  position: number,
  params: Params,
  setBy: Params,
  at: At,
): void {
  const { flags } = call;
  switch (input.kind) {
    case 'selector': {
      const matcher = parseSelector(flags, input.flags);
      if (matcher !== undefined) params[input.param] = matcher;
      else if (input.flags === 'json' && input.required === true)
        throw invalid('--selector is required', at(input.param));
      return;
    }
    case 'flag': {
      const keys = [flagKey(input.flag), ...(input.aliases ?? []).map(flagKey)];
      const token = single(flags, keys, { allowBlank: input.allowBlank === true });
      if (token === undefined) {
        if (input.default !== undefined) params[input.param] = input.default;
        else if (input.required)
          throw invalid(input.missing ?? `${flagSpelling(input.flag)} is required`, at(input.param));
        return;
      }
      params[input.param] = input.integer
        ? parseIntegerToken(token, flagSpelling(input.flag), at(input.param))
        : input.number
          ? numberOrWord(token)
          : token;
      return;
    }
    case 'switch': {
      if (!isSet(flags, flagKey(input.flag)) || input.param === undefined) return;
      const other = setBy[input.param];
      if (typeof other === 'string') {
        throw new SvcError('CLI_USAGE_ERROR', `Use ${other} or ${flagSpelling(input.flag)}, not both`, {
          path: flagSpelling(input.flag),
        });
      }
      setBy[input.param] = flagSpelling(input.flag);
      params[input.param] = input.value ?? true;
      return;
    }
    case 'argument': {
      const fromArg = call.args[position];
      const fromFlag = input.flag === undefined ? undefined : single(flags, [flagKey(input.flag.flag)]);
      if (input.flag !== undefined && fromFlag !== undefined && fromArg !== undefined) {
        const spelled = flagSpelling(input.flag.flag);
        const { example } = input.flag;
        throw new SvcError(
          'CLI_USAGE_ERROR',
          `Give the ${input.name} once: \`${verb} ${example}\` or \`${verb} ${spelled} ${example}\``,
          { path: spelled },
        );
      }
      const value = fromFlag ?? fromArg;
      if (value === undefined || value.trim() === '') {
        if (input.default !== undefined && value === undefined) params[input.param] = input.default;
        else if (!input.optional || input.missing !== undefined) {
          throw invalid(input.missing ?? `${verb} needs <${input.name}>`, input.missingPath ?? at(input.param));
        }
        return;
      }
      params[input.param] = input.integer
        ? parseIntegerToken(value, input.name, at(input.param))
        : input.number
          ? numberOrWord(value)
          : value;
      return;
    }
    case 'coordinate': {
      const coordinate = coordinateOf(flags, input.flag);
      if (coordinate !== undefined) params[input.param] = coordinate;
      return;
    }
    case 'timeout': {
      if (call.timeoutMs !== undefined) params[input.param] = call.timeoutMs;
      else if (input.missing !== undefined) throw invalid(input.missing, at(input.param));
      return;
    }
    case 'option':
      return;
  }
}

/** Selectors a command needs, checked once every input is read (a click's coordinate stands in for its selector). */
function checkRequired(verb: string, surface: CliSurface, params: Params, at: At): void {
  for (const input of surface.inputs) {
    if (input.kind !== 'selector' || input.flags === 'json' || params[input.param] !== undefined) continue;
    const { required } = input;
    const needed = typeof required === 'object' ? params[required.unless] === undefined : required === true;
    if (!needed) continue;
    const unless = typeof required === 'object' ? required.unless : undefined;
    const other = surface.inputs.find((i) => i.kind !== 'selector' && 'param' in i && i.param === unless);
    const flag = other !== undefined && 'flag' in other ? other.flag : undefined;
    const instead = (typeof flag === 'string' ? flag : flag?.flag)?.split(' ')[0];
    throw invalid(input.missing ?? selectorMissing(verb, input.flags, instead), at(input.param));
  }
  const { needsOneOf } = surface;
  if (needsOneOf?.params.every((param) => params[param] === undefined)) {
    throw invalid(needsOneOf.message, at('').replace(/\.$/, '') || 'params');
  }
}

/** Every flag key the command's inputs read (commander stores `--max-scrolls` as `maxScrolls`). */
function knownFlags(surfaces: readonly CliSurface[]): Set<string> {
  const keys = new Set<string>();
  for (const surface of surfaces) {
    if (surface.when !== undefined && 'switch' in surface.when) keys.add(surface.when.switch);
    for (const input of surface.inputs) {
      if (input.kind === 'selector') {
        const { json, table } = SELECTOR_FLAG_SETS[input.flags];
        if (json !== undefined) keys.add(json);
        for (const row of table) for (const key of row.keys) keys.add(key);
      } else if (input.kind === 'argument') {
        if (input.flag !== undefined) keys.add(flagKey(input.flag.flag));
      } else if (input.kind === 'flag') {
        for (const flag of [input.flag, ...(input.aliases ?? [])]) keys.add(flagKey(flag));
      } else if (input.kind !== 'timeout') {
        keys.add(flagKey(input.flag));
      }
    }
  }
  return keys;
}

/** A flag no input of the command reads is refused, not dropped (`scroll --text x` has no element to look for). */
function refuseUnknownFlags(verb: string, surfaces: readonly CliSurface[], flags: FlagBag): void {
  const known = knownFlags(surfaces);
  for (const [key, value] of Object.entries(flags)) {
    if (value === undefined || value === false || known.has(key)) continue;
    const flag = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    throw invalid(`${verb} does not take ${flag}`, flag);
  }
}

/** The execution timeout of a built command: the caller's, or worked out from the action's own time. */
function timeoutOf(bound: Bound<CliSurface>, params: Params, call: BuildInput): number {
  const actionTimeout = bound.surface.inputs.find((input) => input.kind === 'timeout');
  if (actionTimeout !== undefined) return waitTimeout(params[actionTimeout.param] as number | undefined);
  if (bound.definition.builtTimeout === 'sleep') return sleepTimeout(params.durationMs as number, call.timeoutMs);
  return plainTimeout(call.timeoutMs);
}

/** The params a surface's inputs read from a call (its fixed ones first), the selectors it needs checked. */
function readInputs(surface: CliSurface, call: BuildInput, at: At): Params {
  const params: Params = { ...surface.fixed };
  const setBy: Params = {};
  let position = 0;
  for (const input of surface.inputs) {
    read(surface.verb, input, call, position, params, setBy, at);
    if (input.kind === 'argument') position++;
  }
  checkRequired(surface.verb, surface, params, at);
  return params;
}

/** The params of the chore whose command is `key` (`rotate`, `keyboard install`), read from its flags and words. */
export function buildChoreParams(key: string, call: Omit<BuildInput, 'ids'>): Params {
  const chore = CHORE_COMMANDS.get(key);
  if (chore === undefined) throw new Error(`no chore command ${key}`);
  refuseUnknownFlags(chore.cli.verb, [chore.cli], call.flags);
  return readInputs(chore.cli, call as BuildInput, (param) => param);
}

/** The one-action execution of the command `key` (`click`, `action click`, `on-screen-log set`) for these flags. */
export function buildCommand(key: string, call: BuildInput): BuiltExecution {
  const all = commandOf(key);
  const bound = chosen(all, call);
  const { surface } = bound;
  const verb = surface.verb;
  refuseUnknownFlags(
    verb,
    all.map((b) => b.surface),
    call.flags,
  );
  const params = readInputs(surface, call, inAction);
  const action = { id: actionIdOf(surface), type: bound.type, ...(Object.keys(params).length > 0 ? { params } : {}) };
  return wrapExecution(call.ids, timeoutOf(bound, params, call), [action]);
}
