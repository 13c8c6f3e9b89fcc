// The process environment as svc reads it: one type, and what an unset or blank variable means, shared by every
// layer (adapters read ADB_SERVER_SOCKET, submit/target.ts the variables that choose a target).

export type Env = Readonly<Record<string, string | undefined>>;

/** The trimmed value when it has any non-space character, else undefined (a blank variable counts as unset). */
export function nonBlank(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** `$HOME` of env, where `~/.svc/` lives (tests give each suite its own). */
export function homeOf(env: Env, fallback: () => string): string {
  return nonBlank(env.HOME) ?? fallback();
}
