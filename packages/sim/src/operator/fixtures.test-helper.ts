// The fixtures of the published operator app (data taken from its public source; packages/svc/test/fixtures/
// published-operator/README.md names the file and lines of each). The simulator's tests hold its operator to them.
import { readFileSync } from 'node:fs';

const DIR = new URL('../../../svc/test/fixtures/published-operator/', import.meta.url);

export function publishedFixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, DIR), 'utf8')) as T;
}

export interface PayloadCase {
  name: string;
  source: string;
  payload: unknown;
  parsed?: { timeoutMs: number; actions: string[]; retries?: string[] };
  exception?: string;
  message?: string;
}
