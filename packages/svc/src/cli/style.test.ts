import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { table, visibleWidth } from './style.ts';

const GREEN = (text: string) => `\u001b[32m${text}\u001b[39m`;
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

describe('pretty tables', () => {
  it('counts colour codes as zero columns', () => {
    assert.equal(visibleWidth(GREEN('✔')), 1);
    assert.equal(visibleWidth('abc'), 3);
  });

  it('aligns the header with rows whose cells are coloured, as a terminal shows them', () => {
    const text = table(
      ['', 'step', 'action'],
      [
        [GREEN('✔'), 'open', 'open_app'],
        [GREEN('✘'), 'read', 'read_text'],
      ],
    );
    const lines = plain(text).split('\n');
    const column = (line: string, word: string) => line.indexOf(word);
    assert.equal(column(lines[0] as string, 'step'), column(lines[1] as string, 'open'));
    assert.equal(column(lines[0] as string, 'action'), column(lines[2] as string, 'read_text'));
  });
});
