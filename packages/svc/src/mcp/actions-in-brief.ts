// Every action type with its params, in one line an agent reads in the `execute` tool: `type(param,optional?)`,
// read off the action definitions (contracts/actions/), so it lists what the validator takes. `retry` (any action)
// and removed params are left out.
import { ACTION_DEFINITIONS } from '../contracts/actions/index.ts';

export const ACTIONS_IN_BRIEF = ACTION_DEFINITIONS.map((definition) => {
  const required = new Set<string>(definition.params.required ?? []);
  const fields = definition.params.fields as Readonly<Record<string, { kind: string }>>;
  const names = Object.keys(fields).filter((name) => name !== 'retry' && fields[name]?.kind !== 'removed');
  if (names.length === 0) return definition.type;
  return `${definition.type}(${names.map((name) => (required.has(name) ? name : `${name}?`)).join(',')})`;
}).join(' ');
