// A small DevTools protocol client over Node's own WebSocket: one connection, commands matched to answers by id,
// events by method and session (flat sessions: Target.attachToTarget with flatten). The simulator needs only this.

const ANSWER_TIMEOUT_MS = 15_000;

type Listener = (params: Record<string, unknown>, sessionId: string | undefined) => void;

export class CdpConnection {
  readonly #socket: WebSocket;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly #listeners = new Map<string, Set<Listener>>();
  #next = 1;
  #closed = false;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener('message', (event) => this.#receive(String(event.data)));
    socket.addEventListener('close', () => {
      this.#closed = true;
      for (const { reject } of this.#pending.values()) reject(new Error('DevTools connection closed'));
      this.#pending.clear();
    });
  }

  static open(url: string): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.addEventListener('open', () => resolve(new CdpConnection(socket)), { once: true });
      socket.addEventListener('error', () => reject(new Error(`cannot reach DevTools at ${url}`)), { once: true });
    });
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('DevTools connection closed'));
    const id = this.#next++;
    this.#socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve, reject) => {
      // A browser that never answers fails the command instead of holding every later page operation.
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`Chromium did not answer ${method}`));
      }, ANSWER_TIMEOUT_MS);
      this.#pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          (resolve as (v: unknown) => void)(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  on(method: string, listener: Listener): void {
    const set = this.#listeners.get(method) ?? new Set();
    set.add(listener);
    this.#listeners.set(method, set);
  }

  close(): void {
    this.#closed = true;
    this.#socket.close();
  }

  #receive(text: string): void {
    const message = JSON.parse(text) as {
      id?: number;
      method?: string;
      params?: Record<string, unknown>;
      result?: unknown;
      error?: { message: string };
      sessionId?: string;
    };
    if (message.id !== undefined) {
      const waiter = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
      return;
    }
    for (const listener of this.#listeners.get(message.method ?? '') ?? []) {
      listener(message.params ?? {}, message.sessionId);
    }
  }
}
