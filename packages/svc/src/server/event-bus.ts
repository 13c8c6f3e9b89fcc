// The in-process event bus behind GET /events (SPEC part 6). Publishing never waits on a subscriber: each subscriber
// owns a bounded queue, and one that falls too far behind (a slow or vanished client) is dropped instead of slowing
// the execution that published.

export interface BusEvent {
  readonly event: string;
  readonly data: unknown;
}

export interface Subscription {
  /** Resolves with the next event, or `undefined` once the subscription has ended (closed, dropped or bus closed). */
  next(): Promise<BusEvent | undefined>;
  close(): void;
  readonly closed: boolean;
}

export interface EventBus {
  publish(event: string, data: unknown): void;
  subscribe(): Subscription;
  /** Ends every subscription (used on shutdown so SSE streams finish). */
  closeAll(): void;
  readonly subscriberCount: number;
}

/** Queued events per subscriber before it is considered too slow and dropped. */
export const DEFAULT_MAX_QUEUED_EVENTS = 256;

export function createEventBus(maxQueued = DEFAULT_MAX_QUEUED_EVENTS): EventBus {
  const subscribers = new Set<QueueSubscription>();
  return {
    publish(event, data) {
      for (const sub of subscribers) sub.push({ event, data });
    },
    subscribe() {
      const sub = new QueueSubscription(maxQueued, () => subscribers.delete(sub));
      subscribers.add(sub);
      return sub;
    },
    closeAll() {
      for (const sub of [...subscribers]) sub.close();
    },
    get subscriberCount() {
      return subscribers.size;
    },
  };
}

class QueueSubscription implements Subscription {
  readonly #queue: BusEvent[] = [];
  readonly #maxQueued: number;
  readonly #onClose: () => void;
  #waiter: ((event: BusEvent | undefined) => void) | undefined;
  #closed = false;

  constructor(maxQueued: number, onClose: () => void) {
    this.#maxQueued = maxQueued;
    this.#onClose = onClose;
  }

  get closed(): boolean {
    return this.#closed;
  }

  push(event: BusEvent): void {
    if (this.#closed) return;
    if (this.#waiter) {
      const waiter = this.#waiter;
      this.#waiter = undefined;
      waiter(event);
      return;
    }
    if (this.#queue.length >= this.#maxQueued) {
      this.#queue.length = 0;
      this.close(); // too slow: drop it rather than grow without bound
      return;
    }
    this.#queue.push(event);
  }

  next(): Promise<BusEvent | undefined> {
    const queued = this.#queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.#closed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.#waiter = resolve;
    });
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true; // events already queued are still delivered by next(), then it ends
    this.#onClose();
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.(undefined);
  }
}
