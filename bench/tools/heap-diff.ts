// Compares two V8 heap snapshots of one process (from `bench/load.ts --heap-snapshots DIR`), to find what grows.
// Default: count and self size per node type and name, sorted by growth. `--owners`: every object of the second
// snapshot that was not in the first (snapshot node ids are stable within a process) is walked up its retainers to
// the first object that already existed, and grouped by that owner and the edges in between: a leak shows up as an
// owner that keeps gaining objects; a bounded ring shows up too, but its total size stays flat.
// Usage: npx node bench/tools/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [--owners] [--top 40]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface RawSnapshot {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

interface Row {
  key: string;
  count: number;
  size: number;
}

const STRING_TYPES = new Set(['string', 'concatenated string', 'sliced string']);

class Heap {
  readonly raw: RawSnapshot;
  readonly width: number;
  readonly count: number;
  readonly #field: (name: string) => number;

  constructor(path: string) {
    this.raw = JSON.parse(readFileSync(path, 'utf8')) as RawSnapshot;
    const fields = this.raw.snapshot.meta.node_fields;
    this.width = fields.length;
    this.count = this.raw.nodes.length / this.width;
    this.#field = (name) => fields.indexOf(name);
  }

  value(node: number, field: string): number {
    return this.raw.nodes[node * this.width + this.#field(field)] ?? 0;
  }

  type(node: number): string {
    return this.raw.snapshot.meta.node_types[0][this.value(node, 'type')] ?? '?';
  }

  /** `type:name`; strings and code by type only (their names are their contents) unless `quote`. */
  label(node: number, quote = false): string {
    const type = this.type(node);
    const name = this.raw.strings[this.value(node, 'name')] ?? '?';
    if (STRING_TYPES.has(type) || type === 'code') return quote ? `${type}:${JSON.stringify(name.slice(0, 30))}` : type;
    return `${type}:${name.slice(0, 60)}`;
  }

  ids(): Set<number> {
    const ids = new Set<number>();
    for (let n = 0; n < this.count; n++) ids.add(this.value(n, 'id'));
    return ids;
  }

  /** One strong retainer per node (a non-synthetic one when there is one) and the edge's name. */
  retainers(): { parent: Int32Array; via: string[] } {
    const meta = this.raw.snapshot.meta;
    const edgeWidth = meta.edge_fields.length;
    const [typeAt, nameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
    const parent = new Int32Array(this.count).fill(-1);
    const via: string[] = [];
    let edge = 0;
    for (let n = 0; n < this.count; n++) {
      const end = edge + this.value(n, 'edge_count') * edgeWidth;
      for (; edge < end; edge += edgeWidth) {
        const kind = meta.edge_types[0][this.raw.edges[edge + (typeAt ?? 0)] ?? 0];
        if (kind === 'weak' || kind === 'shortcut') continue;
        const to = (this.raw.edges[edge + (toAt ?? 0)] ?? 0) / this.width;
        const current = parent[to] ?? -1;
        if (current !== -1 && !(this.type(current) === 'synthetic' && this.type(n) !== 'synthetic')) continue;
        parent[to] = n;
        const nameOrIndex = this.raw.edges[edge + (nameAt ?? 0)] ?? 0;
        via[to] = kind === 'element' || kind === 'hidden' ? '[n]' : `.${this.raw.strings[nameOrIndex]}`;
      }
    }
    return { parent, via };
  }
}

function byName(before: Heap, after: Heap): Row[] {
  const groups = (heap: Heap) => {
    const map = new Map<string, { count: number; size: number }>();
    for (let n = 0; n < heap.count; n++) {
      const group = map.get(heap.label(n)) ?? { count: 0, size: 0 };
      group.count += 1;
      group.size += heap.value(n, 'self_size');
      map.set(heap.label(n), group);
    }
    return map;
  };
  const b = groups(before);
  const a = groups(after);
  return [...new Set([...b.keys(), ...a.keys()])].map((key) => ({
    key: `${key} (${b.get(key)?.count ?? 0} -> ${a.get(key)?.count ?? 0})`,
    count: (a.get(key)?.count ?? 0) - (b.get(key)?.count ?? 0),
    size: (a.get(key)?.size ?? 0) - (b.get(key)?.size ?? 0),
  }));
}

function byOwner(before: Heap, after: Heap): Row[] {
  const old = before.ids();
  const { parent, via } = after.retainers();
  const isOld = (n: number) => old.has(after.value(n, 'id'));
  const groups = new Map<string, Row>();
  for (let n = 0; n < after.count; n++) {
    if (isOld(n) || ['synthetic', 'code', 'hidden'].includes(after.type(n))) continue;
    const path: string[] = [];
    let owner = n;
    while (!isOld(owner) && (parent[owner] ?? -1) !== -1 && path.length < 40) {
      path.unshift(via[owner] ?? '?');
      owner = parent[owner] ?? -1;
    }
    let context = '';
    for (let up = owner, k = 0; k < 3 && (parent[up] ?? -1) !== -1; k++) {
      context = `${after.label(parent[up] ?? 0)}${via[up]} > ${context}`;
      up = parent[up] ?? -1;
    }
    const key = `${context}${after.label(owner)} ${path.slice(0, 4).join('')}   e.g. ${after.label(n, true)}`;
    const row = groups.get(key) ?? { key, count: 0, size: 0 };
    row.count += 1;
    row.size += after.value(n, 'self_size');
    groups.set(key, row);
  }
  return [...groups.values()];
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '40' }, owners: { type: 'boolean', default: false } },
  });
  const [beforePath, afterPath] = positionals;
  if (beforePath === undefined || afterPath === undefined) {
    process.stderr.write('Usage: npx node bench/heap-diff.ts <before> <after> [--owners] [--top 40]\n');
    process.exit(2);
  }
  const before = new Heap(beforePath);
  const after = new Heap(afterPath);
  const total = (heap: Heap) => {
    let size = 0;
    for (let n = 0; n < heap.count; n++) size += heap.value(n, 'self_size');
    return size;
  };
  process.stdout.write(`total self size: ${total(before)} -> ${total(after)} bytes\n`);
  const rows = values.owners ? byOwner(before, after) : byName(before, after);
  rows.sort((x, y) => y.size - x.size);
  for (const row of rows.slice(0, Number(values.top))) {
    process.stdout.write(`${String(row.size).padStart(10)} B ${String(row.count).padStart(7)}  ${row.key}\n`);
  }
}
