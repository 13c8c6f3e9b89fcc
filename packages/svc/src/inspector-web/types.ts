// What the inspector's API answers (server/inspector/), as the page reads it. Shapes of the execution itself come
// from the contracts (types only: nothing of svc's runtime code is bundled into the page).
import type { Candidate, PageNode, Selector, SelectorCount } from '../contracts/inspector.ts';
import type { Action, Execution, NodeMatcher, RunResult } from '../contracts/types.ts';

export type { Action, Candidate, Execution, NodeMatcher, PageNode, RunResult, Selector, SelectorCount };

export interface Screen {
  id: string;
  deviceId: string;
  driver: string;
  picture: { width: number; height: number } | null;
  nodes: PageNode[];
}

export interface ApiError {
  code: string;
  message: string;
  /** What to do about it, as svc says on every surface. */
  hint?: string;
  details?: Record<string, unknown>;
}

/** What went wrong, said on the page with svc's hint. */
export interface Problem {
  text: string;
  hint?: string | undefined;
}
