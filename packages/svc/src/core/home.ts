// The user's home directory as the OS reports it, for when $HOME is unset (homeOf in contracts/env.ts prefers $HOME).
// node:os loads on first use: a cold CLI call would otherwise pay ~0.5 ms for it, and $HOME is almost always set.
export const osHomedir = (): string => process.getBuiltinModule('node:os').homedir();
