// What the inspector's API answers (server/inspector/), as the page reads it. Shapes of the execution itself come
// from the contracts (types only: nothing of svc's runtime code is bundled into the page).
import type { Action, Execution, NodeMatcher, RunResult } from '../contracts/types.ts';

export type { Action, Execution, NodeMatcher, RunResult };

export interface PageNode {
  order: number;
  parent: number | null;
  depth: number;
  bounds: [number, number, number, number];
  visible: boolean;
  role: string | null;
  attributes: Readonly<Record<string, string>>;
}

export interface Screen {
  id: string;
  deviceId: string;
  driver: string;
  picture: { width: number; height: number } | null;
  nodes: PageNode[];
}

export interface Selector {
  matcher: NodeMatcher;
  container?: NodeMatcher;
}

export interface SelectorCount {
  count: number;
  first: number | null;
  matches: number[];
}

export interface Candidate extends Selector, SelectorCount {
  kind: string;
  hitsNode: boolean;
}

export interface ApiError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}
