// The page's state and its change events. Views subscribe to what they draw; a hover touches two tree rows and one
// box on the picture, never a whole view.
import type { Target } from './api.ts';
import type { Action, Problem, Screen, Selector } from './types.ts';

export interface Events {
  screen: Screen | null;
  hover: number | null;
  select: number | null;
  selector: Selector | null;
  matches: number[];
  acts: undefined;
  busy: string | null;
  /** Why the last capture failed (shown over the picture), or null once one succeeds. */
  problem: Problem | null;
}

type Listener<T> = (value: T) => void;

export interface Act {
  action: Action;
  at: number;
  ok: boolean;
  summary: string;
}

class Store {
  target: Target = {};
  screen: Screen | null = null;
  hovered: number | null = null;
  selected: number | null = null;
  /** The selector the acts use: the chosen candidate, or what the user typed. */
  selector: Selector | null = null;
  /** Every act of this page session, oldest first. */
  readonly acts: Act[] = [];
  recording = false;
  /** The actions of the acts that succeeded while recording (the last recording stays after it stops). */
  readonly recorded: Action[] = [];
  readonly #listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): void {
    const set = this.#listeners.get(event) ?? new Set();
    this.#listeners.set(event, set);
    set.add(listener as Listener<never>);
  }

  emit<K extends keyof Events>(event: K, value: Events[K]): void {
    for (const listener of this.#listeners.get(event) ?? []) (listener as Listener<Events[K]>)(value);
  }

  setScreen(screen: Screen | null): void {
    this.screen = screen;
    this.hovered = null;
    this.emit('screen', screen);
  }

  hover(order: number | null): void {
    if (order === this.hovered) return;
    this.hovered = order;
    this.emit('hover', order);
  }

  select(order: number | null): void {
    this.selected = order;
    this.emit('select', order);
  }

  setSelector(selector: Selector | null): void {
    this.selector = selector;
    this.emit('selector', selector);
  }

  addAct(act: Act): void {
    this.acts.push(act);
    if (this.recording && act.ok) this.recorded.push(act.action);
    this.emit('acts', undefined);
  }

  setRecording(on: boolean): void {
    if (on) this.recorded.length = 0;
    this.recording = on;
    this.emit('acts', undefined);
  }
}

export const store = new Store();
