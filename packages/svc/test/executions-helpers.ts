// Shared bits of the execution end-to-end suites: a context bound to a lab, and payload builders.
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import type { Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';

let counter = 0;

export function labContext(lab: Lab, extra: Record<string, string | undefined> = {}) {
  return createContext({ env: { ...lab.env, PATH: process.env.PATH, ...extra }, cwd: lab.home });
}

export function payload(actions: unknown[], extra: Record<string, unknown> = {}) {
  counter++;
  return {
    commandId: `e2e-${process.pid}-${counter}`,
    taskId: `task-${counter}`,
    source: 'e2e',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 20000,
    actions,
    ...extra,
  };
}

export const tempDir = (lab: Lab, prefix: string) => mkdtemp(join(lab.home, prefix));
