// `--port` of `svc serve` (and of other listeners): its own module so the CLI can parse it without loading the server.
import { codeOf } from '../../contracts/conditions.ts';
import { SvcError } from '../../contracts/errors.ts';

/** An integer 0..65535 (0 picks a free port, printed in the listening line). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw new SvcError(
      codeOf('invalidInput'),
      `--port must be an integer from 0 to 65535, got ${JSON.stringify(value)}.`,
      { path: '--port', flag: '--port', value },
    );
  }
  return port;
}
