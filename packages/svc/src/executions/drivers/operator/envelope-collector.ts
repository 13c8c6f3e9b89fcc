// Everything one execution needs from the operator's lines (pure): its terminal envelope (one `[svc-Result]` line
// or a complete result frame set), the hierarchy XML of its snapshot steps by actionId, and its recent events for
// diagnostics. Lines of other commandIds are ignored.
import { malformed, type OperatorEvent, parseEnvelopeJson } from '../../../contracts/envelope.ts';
import type { SvcError } from '../../../contracts/errors.ts';
import { createFrameReassembler, type OperatorLine } from '../../../contracts/frames.ts';
import type { ResultEnvelope } from '../../../contracts/types.ts';

export type Terminal = { kind: 'envelope'; envelope: ResultEnvelope } | { kind: 'malformed'; error: SvcError };

const KEPT_EVENTS = 10;

export class EnvelopeCollector {
  readonly commandId: string;
  readonly hierarchies = new Map<string, string>();
  /** actionId → why its hierarchy frames could not be used. */
  readonly hierarchyErrors = new Map<string, string>();
  readonly events: OperatorEvent[] = [];
  linesSeen = 0;
  #terminal: Terminal | undefined;
  readonly #frames;

  constructor(commandId: string) {
    this.commandId = commandId;
    this.#frames = createFrameReassembler(commandId);
  }

  get terminal(): Terminal | undefined {
    return this.#terminal;
  }

  /** Takes one line; returns the terminal outcome the first time there is one. */
  push(line: OperatorLine): Terminal | undefined {
    if (this.#terminal !== undefined) return undefined;
    this.linesSeen++;
    switch (line.kind) {
      case 'result':
        return this.#settle(line.json);
      case 'event':
        if (line.event.commandId === this.commandId) {
          this.events.push(line.event);
          if (this.events.length > KEPT_EVENTS) this.events.shift();
        }
        return undefined;
      case 'malformed_frame':
        return undefined;
      case 'frame': {
        const outcome = this.#frames.push(line.frame);
        if (outcome.kind === 'result') return this.#settle(outcome.json);
        if (outcome.kind === 'hierarchy') this.hierarchies.set(outcome.actionId, outcome.xml);
        if (outcome.kind === 'malformed') {
          if (line.frame.stream === 'result') return this.#settle(undefined, outcome.reason);
          this.hierarchyErrors.set(line.frame.key.slice(this.commandId.length + 1), outcome.reason);
        }
        return undefined;
      }
    }
  }

  #settle(json: string | undefined, frameError?: string): Terminal | undefined {
    if (frameError !== undefined) {
      this.#terminal = malformed(this.commandId, `result frames: ${frameError}`);
      return this.#terminal;
    }
    const parsed = parseEnvelopeJson(json ?? '', this.commandId);
    if (parsed.kind === 'foreign') return undefined;
    this.#terminal = parsed;
    return this.#terminal;
  }
}
