import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppDef } from './app-def.ts';
import { freshState } from './app-state.ts';
import { buildTree } from './build-tree.ts';
import { escapeXml, MAX_SNAPSHOT_BYTES, MAX_SNAPSHOT_LINES, renderXml } from './xml.ts';

function tallApp(rows: number, text: string): AppDef {
  return {
    package: 'com.example.tall',
    label: 'Tall',
    start: 'main',
    screens: { main: { root: { repeat: { count: rows, template: { class: 'TextView', text, height: 1 } } } } },
  };
}

function dump(app: AppDef, limits?: { lines: number; bytes: number }): string {
  const screen = { left: 0, top: 0, right: 1080, bottom: 100000 };
  return renderXml([buildTree(freshState(app), screen, screen)], limits);
}

test('a dump stops adding nodes before its line limit and stays well formed', () => {
  assert.equal(MAX_SNAPSHOT_LINES, 2000);
  const xml = dump(tallApp(5000, 'row {i}'), { lines: 300, bytes: MAX_SNAPSHOT_BYTES });
  const lines = xml.split('\n');
  assert.ok(lines.length <= 300);
  assert.ok(lines.length > 295);
  assert.equal(lines.at(-1), '</hierarchy>');
  assert.equal(
    lines.filter((l) => l.trim() === '</node>').length,
    lines.filter((l) => /<node [^>]*[^/]>$/.test(l)).length,
  );
});

test('a dump stops adding nodes before 262144 bytes', () => {
  const xml = dump(tallApp(1000, 'y'.repeat(1000)));
  const bytes = Buffer.byteLength(xml);
  assert.ok(bytes <= MAX_SNAPSHOT_BYTES, `${bytes}`);
  assert.ok(bytes > MAX_SNAPSHOT_BYTES - 2000);
  assert.ok(xml.endsWith('</hierarchy>'));
});

test('attribute values are XML-escaped', () => {
  assert.equal(escapeXml(`Tom & Jerry's "<show>"`), 'Tom &amp; Jerry&apos;s &quot;&lt;show&gt;&quot;');
  const xml = dump({
    ...tallApp(1, `Tom & Jerry's`),
    screens: { main: { root: { class: 'TextView', text: `Tom & Jerry's` } } },
  });
  assert.ok(xml.includes('text="Tom &amp; Jerry&apos;s"'));
});
