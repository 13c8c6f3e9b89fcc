// One page's DevTools protocol session over a WebSocket: commands answered by id, a page gone (closed, navigated
// away in a WebView that dropped it) failing what was waiting.
import type WebSocket from 'ws';

const ANSWER_TIMEOUT_MS = 10_000;

export class CdpSession {
  readonly #ws: WebSocket;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #next = 1;
  #open = true;

  constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on('message', (data) => this.#receive(String(data)));
    ws.on('close', () => this.#fail(new Error('the page closed its DevTools connection')));
    ws.on('error', (error) => this.#fail(error));
  }

  get open(): boolean {
    return this.#open;
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}): Promise<T> {
    if (!this.#open) return Promise.reject(new Error('the page closed its DevTools connection'));
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      // A page that never answers (hung, or gone without a close) fails the command, not the whole step's time.
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`the page did not answer ${method} within ${ANSWER_TIMEOUT_MS} ms`));
      }, ANSWER_TIMEOUT_MS);
      const settle =
        <V>(done: (value: V) => void) =>
        (value: V) => {
          clearTimeout(timer);
          done(value);
        };
      this.#pending.set(id, { resolve: settle(resolve as (value: unknown) => void), reject: settle(reject) });
      this.#ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Runs an expression in the page and answers its value (an exception in the page is an error). */
  async evaluate<T>(expression: string, awaitPromise = false): Promise<T> {
    const answer = await this.send<{ result: { value?: unknown }; exceptionDetails?: { text: string } }>(
      'Runtime.evaluate',
      { expression, returnByValue: true, awaitPromise },
    );
    if (answer.exceptionDetails) throw new Error(`the page refused: ${answer.exceptionDetails.text}`);
    return answer.result.value as T;
  }

  close(): void {
    this.#fail(new Error('closed'));
    this.#ws.terminate();
  }

  #fail(error: Error): void {
    this.#open = false;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }

  #receive(text: string): void {
    let message: { id?: number; result?: unknown; error?: { message: string } };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.id === undefined) return;
    const waiter = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error.message));
    else waiter?.resolve(message.result);
  }
}
