// A small SSE reader for tests: connects with fetch (with the server's token when a test started it), parses
// `event:` / `data:` frames and comment lines.
import { authHeaders } from './server-auth.ts';

export interface SseFrame {
  event: string;
  data: unknown;
}

export interface SseClient {
  readonly response: Response;
  /** Next frame (comments are skipped and counted); rejects after `timeoutMs`; `undefined` when the stream ended. */
  next(timeoutMs?: number): Promise<SseFrame | undefined>;
  /** Reads frames until `predicate` has matched `count` of them; returns every frame read. */
  collectUntil(predicate: (frame: SseFrame) => boolean, count: number, timeoutMs?: number): Promise<SseFrame[]>;
  readonly comments: string[];
  close(): void;
}

export async function connectSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { ...authHeaders(url), ...headers }, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const comments: string[] = [];
  let buffer = '';
  let ended = false;

  async function nextBlock(): Promise<string | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return block;
      }
      if (ended) return undefined;
      const { done, value } = await reader.read();
      if (done) ended = true;
      else buffer += value;
    }
  }

  async function next(timeoutMs = 10_000): Promise<SseFrame | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no SSE frame within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      for (;;) {
        const block = await Promise.race([nextBlock(), timeout]);
        if (block === undefined) return undefined;
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith(':'))) {
          comments.push(...lines);
          continue;
        }
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
        const data = lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        return { event, data: JSON.parse(data) };
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    response,
    next,
    comments,
    async collectUntil(predicate, count, timeoutMs = 20_000) {
      const frames: SseFrame[] = [];
      let matched = 0;
      while (matched < count) {
        const frame = await next(timeoutMs);
        if (!frame) throw new Error(`stream ended after ${frames.length} frames`);
        frames.push(frame);
        if (predicate(frame)) matched += 1;
      }
      return frames;
    },
    close: () => controller.abort(),
  };
}
