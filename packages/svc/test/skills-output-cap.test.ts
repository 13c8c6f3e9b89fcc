// A skill script that prints far more than svc keeps (SPEC 4.2 shapes, DECISIONS R-9): the result carries the last
// OUTPUT_CAP_CHARS of each stream and says so, the frame and expectContains still see the whole stdout, and the live
// callbacks (pretty mode's terminal) still get every chunk.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SvcError } from '../src/contracts/errors.ts';
import { OUTPUT_CAP_CHARS } from '../src/skills/output-capture.ts';
import { loadRegistry } from '../src/skills/registry.ts';
import { runSkill } from '../src/skills/run-skill.ts';
import type { SkillsRegistry } from '../src/skills/types.ts';

// argv: <serial> <frame: good|bad> <exit code>. 3 MiB of stdout after the frame, 1.5 MiB of stderr, then a last line.
const FLOOD = `
const [, frame, code] = process.argv.slice(2);
console.log('BEGIN-MARK');
console.log(frame === 'good' ? '[svc-Skill-Result]\\n{"early":true}' : '[svc-Skill-Result] {oops');
const block = 'x'.repeat(1023);
for (let i = 0; i < 3072; i++) console.log(block);
for (let i = 0; i < 1536; i++) console.error(block);
console.log('END-MARK');
process.exitCode = Number(code);
`;
const STDOUT_CHARS = 'BEGIN-MARK\n[svc-Skill-Result]\n{"early":true}\n'.length + 3072 * 1024 + 'END-MARK\n'.length;

describe('skills run with more output than the cap', () => {
  let dir: string;
  let registry: SkillsRegistry;
  const run = (args: string[], extra: { expectContains?: string; onStdout?: (chunk: string) => void } = {}) =>
    runSkill(registry, {
      skillId: 'flood',
      args,
      env: { PATH: process.env.PATH ?? '' },
      serial: 's',
      target: { operatorPackage: 'p', driver: 'auto' },
      ...extra,
    });
  const failure = async (promise: Promise<unknown>, code: string) => {
    const error = await promise.then(
      () => assert.fail('expected a failure'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof SvcError, String(error));
    assert.equal(error.code, code, error.message);
    return error.details ?? {};
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-skill-cap-'));
    mkdirSync(join(dir, 'flood'));
    writeFileSync(join(dir, 'flood', 'run.js'), FLOOD);
    writeFileSync(join(dir, 'flood', 'SKILL.md'), '# flood\n');
    const entry = { id: 'flood', applicationId: 'a', intent: 'i', summary: 's', path: 'flood' };
    const skill = { ...entry, skillFile: 'flood/SKILL.md', scripts: ['flood/run.js'], artifacts: [] };
    writeFileSync(join(dir, 'registry.json'), JSON.stringify({ skills: [skill] }));
    registry = await loadRegistry({ SVC_SKILLS_REGISTRY: join(dir, 'registry.json') });
  });
  after(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

  it('keeps the tail, flags it, reads the early frame and the early expected text, and streams everything', async () => {
    let streamed = 0;
    const result = await run(['good', '0'], {
      expectContains: 'BEGIN-MARK',
      onStdout: (chunk) => {
        streamed += chunk.length;
      },
    });
    assert.deepEqual(Object.keys(result).sort(), [
      'durationMs',
      'exitCode',
      'expectedSubstring',
      'ok',
      'output',
      'outputTruncated',
      'skillId',
      'skillResult',
      'timeoutMs',
    ]);
    assert.equal(result.outputTruncated, true);
    assert.equal(result.output.length, OUTPUT_CAP_CHARS);
    assert.ok(result.output.endsWith(`${'x'.repeat(1023)}\nEND-MARK\n`));
    assert.doesNotMatch(result.output, /BEGIN-MARK/);
    assert.deepEqual(result.skillResult, { early: true });
    assert.equal(streamed, STDOUT_CHARS, 'the live callback saw every character');
  });

  it('a failing run reports both streams as truncated tails, with the frame', async () => {
    const details = await failure(run(['good', '3']), 'SKILL_EXECUTION_FAILED');
    assert.equal(details.exitCode, 3);
    assert.equal(details.stdoutTruncated, true);
    assert.equal(details.stderrTruncated, true);
    assert.equal((details.stdout as string).length, OUTPUT_CAP_CHARS);
    assert.equal((details.stderr as string).length, OUTPUT_CAP_CHARS);
    assert.deepEqual(details.skillResult, { early: true });
  });

  it('a malformed frame far before the tail is still found', async () => {
    const details = await failure(run(['bad', '0']), 'SKILL_RESULT_PARSE_FAILED');
    assert.equal(details.stdoutTruncated, true);
    assert.equal(details.skillResult, null);
  });

  it('text missing from the whole output fails the assertion and says the output was cut', async () => {
    const details = await failure(
      run(['good', '0'], { expectContains: 'NOT-PRINTED' }),
      'SKILL_OUTPUT_ASSERTION_FAILED',
    );
    assert.equal(details.outputTruncated, true);
    assert.equal((details.output as string).length, OUTPUT_CAP_CHARS);
  });
});
