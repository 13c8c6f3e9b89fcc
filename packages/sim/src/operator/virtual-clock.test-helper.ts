// A virtual clock for the app's waits: timers fire in time order as soon as the code has nothing else to do, so a test
// runs a 30 s retry loop in milliseconds and reads how long it took on the device's clock (no timing assertions).
import type { Clock } from './job.ts';

export class VirtualClock implements Clock {
  #t = 1_750_000_000_000;
  #seq = 0;
  #timers: { at: number; seq: number; fn: () => void }[] = [];
  #pumping = false;

  now(): number {
    return this.#t;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const timer = { at: this.#t + Math.max(0, ms), seq: this.#seq++, fn };
    this.#timers.push(timer);
    this.#pump();
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  }

  #pump(): void {
    if (this.#pumping) return;
    this.#pumping = true;
    setImmediate(() => {
      this.#pumping = false;
      this.#timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.#timers.shift();
      if (!next) return;
      this.#t = Math.max(this.#t, next.at);
      next.fn();
      if (this.#timers.length > 0) this.#pump();
    });
  }
}
