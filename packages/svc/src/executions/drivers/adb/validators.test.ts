// read_text's validators by the operator app's exact rules (TaskValidators.kt:21-30, Temperature.kt:52-78 @
// clawperator v0.5.2): a whole text that parses as a temperature, a dotted version number, a regex over the whole text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textValidator } from './validators.ts';

const passes = (name: string, texts: string[], pattern?: string) =>
  texts.filter((t) => textValidator(name, pattern)?.(t) === true);

test('temperature: a number, optionally with °C, °F, C or F; never a sentence holding one', () => {
  const good = ['20.7°C', '75°F', '18', ' -3.5 C ', '21.5°c'];
  assert.deepEqual(passes('temperature', [...good, 'it is 20°C', '20 degrees', '', '°C']), good);
});

test('version: digits and dots only (^\\d+(\\.\\d+)*$), no v and no words around', () => {
  const good = ['14', '1.2.3'];
  assert.deepEqual(passes('version', [...good, 'v1.2', 'Android 14.1', '1.2-beta', '1.']), good);
});

test('regex: the whole text matches, a part is not enough', () => {
  assert.deepEqual(passes('regex', ['milk', 'buy milk', 'milky'], 'milk'), ['milk']);
  assert.deepEqual(passes('regex', ['buy milk\nand eggs'], 'buy milk\\s+and eggs'), ['buy milk\nand eggs']);
  assert.equal(textValidator('none', undefined), undefined);
});
