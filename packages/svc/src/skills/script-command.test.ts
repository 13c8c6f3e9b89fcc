import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseScript, scriptCommand } from './script-command.ts';

describe('chooseScript', () => {
  it('prefers a script called run, Node before shell', () => {
    assert.equal(chooseScript(['a/helper.js', 'a/run.sh', 'a/run.js']), 'a/run.js');
    assert.equal(chooseScript(['a/helper.js', 'a/run.sh']), 'a/run.sh');
  });

  it('falls back to the first Node script, then shell, then anything, keeping registry order', () => {
    assert.equal(chooseScript(['x.py', 'b.sh', 'a.js', 'c.js']), 'a.js');
    assert.equal(chooseScript(['x.py', 'b.sh']), 'b.sh');
    assert.equal(chooseScript(['x.py', 'y.rb']), 'x.py');
  });

  it('returns undefined when there is no script', () => {
    assert.equal(chooseScript([]), undefined);
  });
});

describe('scriptCommand', () => {
  it('runs .js, .mjs and .ts with the running Node and .sh with bash, arguments after the script', () => {
    assert.deepEqual(scriptCommand('/s/run.js', ['serial', 'a b']), {
      file: process.execPath,
      args: ['/s/run.js', 'serial', 'a b'],
    });
    assert.equal(scriptCommand('/s/run.mjs', []).file, process.execPath);
    assert.equal(scriptCommand('/s/run.ts', []).file, process.execPath);
    assert.deepEqual(scriptCommand('/s/run.sh', ['$(x)']), { file: 'bash', args: ['/s/run.sh', '$(x)'] });
  });

  it('executes any other file directly', () => {
    assert.deepEqual(scriptCommand('/s/run.py', ['1']), { file: '/s/run.py', args: ['1'] });
  });
});
