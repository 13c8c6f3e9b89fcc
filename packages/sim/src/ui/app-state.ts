// Run-time state of one virtual app: its back stack and everything the user changed (typed text, switches, scroll
// offsets, focus). The tree is rebuilt from definition + state, so screenshot, dump and actions always agree.
import type { AppDef } from './app-def.ts';

export interface AppState {
  readonly def: AppDef;
  stack: string[];
  vars: Map<string, string>;
  checked: Map<string, boolean>;
  scroll: Map<string, number>;
  focusedKey: string | undefined;
}

export function freshState(def: AppDef): AppState {
  return {
    def,
    stack: [def.start],
    vars: new Map(Object.entries(def.vars ?? {})),
    checked: new Map(),
    scroll: new Map(),
    focusedKey: undefined,
  };
}

export function currentScreen(state: AppState): string {
  return state.stack[state.stack.length - 1] ?? state.def.start;
}

/** Replaces `{name}` with app variables (and `{i}` with the row number inside a repeat). */
export function fillTemplate(text: string, vars: ReadonlyMap<string, string>, row?: number): string {
  return text.replace(/\{([A-Za-z_][\w.]*|i)\}/g, (whole, name: string) => {
    if (name === 'i') return row === undefined ? whole : String(row);
    return vars.get(name) ?? '';
  });
}
