// The in-process event bus behind GET /events (SPEC part 6). An event is serialized once, when published
// (event-json.ts), into the SSE frame every subscriber gets. Publishing never waits on a subscriber: each owns a
// queue bounded in frames and bytes, and one that falls that far behind (a slow or stalled client) is dropped and
// told so (`onDrop`), so its connection can be cut instead of holding memory and the server's shutdown.
import { eventJson } from './event-json.ts';

export interface BusEvent {
  readonly event: string;
  /** The event data as JSON. */
  readonly json: string;
  /** `event: <name>\ndata: <json>\n\n`, as written to the stream. */
  readonly frame: string;
}

export interface Subscription {
  /** Resolves with the next event, or `undefined` once the subscription has ended (closed, dropped or bus closed). */
  next(): Promise<BusEvent | undefined>;
  close(): void;
  readonly closed: boolean;
  /** True once the bus dropped it for falling behind. */
  readonly dropped: boolean;
  /** Called once if the bus drops this subscriber for falling behind. */
  onDrop(listener: () => void): void;
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
/** Queued bytes per subscriber before it is dropped (events are up to 1 MiB each). */
export const DEFAULT_MAX_QUEUED_BYTES = 4 * 1024 * 1024;

export function encodeFrame(event: string, json: string): string {
  return `event: ${event}\ndata: ${json}\n\n`;
}

export function createEventBus(
  maxQueued = DEFAULT_MAX_QUEUED_EVENTS,
  maxQueuedBytes = DEFAULT_MAX_QUEUED_BYTES,
): EventBus {
  const subscribers = new Set<QueueSubscription>();
  return {
    publish(event, data) {
      if (subscribers.size === 0) return;
      const json = eventJson(data);
      const busEvent: BusEvent = { event, json, frame: encodeFrame(event, json) };
      for (const sub of subscribers) sub.push(busEvent);
    },
    subscribe() {
      const sub = new QueueSubscription(maxQueued, maxQueuedBytes, () => subscribers.delete(sub));
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
  #queuedBytes = 0;
  readonly #maxQueued: number;
  readonly #maxBytes: number;
  readonly #onClose: () => void;
  readonly #dropListeners: (() => void)[] = [];
  #waiter: ((event: BusEvent | undefined) => void) | undefined;
  #closed = false;
  #dropped = false;

  constructor(maxQueued: number, maxBytes: number, onClose: () => void) {
    this.#maxQueued = maxQueued;
    this.#maxBytes = maxBytes;
    this.#onClose = onClose;
  }

  get closed(): boolean {
    return this.#closed;
  }

  get dropped(): boolean {
    return this.#dropped;
  }

  onDrop(listener: () => void): void {
    if (this.#dropped) listener();
    else this.#dropListeners.push(listener);
  }

  push(event: BusEvent): void {
    if (this.#closed) return;
    if (this.#waiter) {
      const waiter = this.#waiter;
      this.#waiter = undefined;
      waiter(event);
      return;
    }
    if (this.#queue.length >= this.#maxQueued || this.#queuedBytes + event.frame.length > this.#maxBytes) {
      // Too slow: drop it rather than grow without bound; what it missed is gone, so nothing queued is kept.
      this.#queue.length = 0;
      this.#queuedBytes = 0;
      this.#dropped = true;
      this.close();
      for (const listener of this.#dropListeners.splice(0)) listener();
      return;
    }
    this.#queue.push(event);
    this.#queuedBytes += event.frame.length;
  }

  next(): Promise<BusEvent | undefined> {
    const queued = this.#queue.shift();
    if (queued) {
      this.#queuedBytes -= queued.frame.length;
      return Promise.resolve(queued);
    }
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
