// One screen as the inspector shows it: the snapshot and the screenshot of one execution (so a refresh is an
// execution like any other, visible in the event stream), the parsed tree, and the picture, kept in a small cache
// the page refers to by id when it asks for the picture, selectors or counts.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageNode } from '../../contracts/inspector.ts';
import type { RunResult } from '../../contracts/types.ts';
import { inferRole, isVisible, parseHierarchy, type UiTree } from '../../ui/index.ts';
import { serverExecution } from '../built-executions.ts';
import type { RequestTarget } from '../request-fields.ts';
import type { ServerRuntime } from '../runtime.ts';

export const INSPECTOR_ORIGIN = { prefix: 'inspector', source: 'svc-inspector' } as const;

export interface Screen {
  readonly id: string;
  readonly deviceId: string;
  readonly tree: UiTree;
  readonly png: Buffer | undefined;
}

/** The last screens captured (all devices), newest last; older ids answer NOT_FOUND and the page refreshes. */
export class ScreenCache {
  readonly #screens = new Map<string, Screen>();
  readonly #max: number;
  constructor(max = 12) {
    this.#max = max;
  }
  add(screen: Screen): void {
    this.#screens.set(screen.id, screen);
    for (const id of this.#screens.keys()) {
      if (this.#screens.size <= this.#max) break;
      this.#screens.delete(id);
    }
  }
  get(id: string): Screen | undefined {
    return this.#screens.get(id);
  }
}

export interface Capture {
  run: RunResult;
  screen?: Screen;
  /** Why there is no tree although the execution ran (the snapshot step's failure). */
  problem?: string;
}

export async function captureScreen(runtime: ServerRuntime, request: RequestTarget): Promise<Capture> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-inspector-'));
  try {
    const picture = join(dir, 'screen.png');
    const execution = serverExecution(INSPECTOR_ORIGIN, 'screen', [
      { id: 'tree', type: 'snapshot_ui' },
      { id: 'picture', type: 'take_screenshot', params: { path: picture } },
    ]);
    const run = await runtime.run({
      execution,
      target: request.target,
      cwd: runtime.deps.cwd,
      verbose: false,
      ...(request.waitDeviceMs === undefined ? {} : { waitDeviceMs: request.waitDeviceMs }),
    });
    if (!run.ok) return { run };
    const steps = run.envelope.stepResults ?? [];
    const tree = steps.find((step) => step.id === 'tree');
    if (tree?.success !== true || tree.data.text === undefined) {
      return { run, problem: tree?.data.message ?? tree?.error ?? run.envelope.error ?? 'no snapshot' };
    }
    const parsed = parseHierarchy(tree.data.text);
    if (!parsed.ok) return { run, problem: `the snapshot could not be read: ${parsed.reason}` };
    const shot = steps.find((step) => step.id === 'picture');
    const png = shot?.success === true ? await readFile(picture).catch(() => undefined) : undefined;
    const screen = { id: randomBytes(8).toString('hex'), deviceId: run.deviceId, tree: parsed.tree, png };
    return { run, screen };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function pageNodes(tree: UiTree): PageNode[] {
  return tree.nodes.map((node) => {
    let depth = 0;
    for (let p = node.parent; p; p = p.parent) depth++;
    const b = node.bounds;
    return {
      order: node.order,
      parent: node.parent?.order ?? null,
      depth,
      bounds: [b.left, b.top, b.right, b.bottom],
      visible: isVisible(node),
      role: inferRole(node),
      attributes: node.attributes,
    };
  });
}

/** Width and height of a PNG from its IHDR chunk (bytes 16..24), or undefined when it is not one. */
export function pngSize(png: Buffer | undefined): { width: number; height: number } | undefined {
  if (png === undefined || png.length < 24 || png.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
