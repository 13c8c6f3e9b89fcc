// The published operator's log lines, read as svc reads them: fixtures taken from clawperator/clawperator
// (packages/svc/test/fixtures/published-operator/, each citing its source) through the line assembler, the router
// and the collector, as they arrive from `logcat -B` (one record per log call) with no tag filter.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { FAKE_OPERATOR_UID, FakeAdb } from '../../../adapters/adb/fake-adb.test-helper.ts';
import { systemClock } from '../../../adapters/clock.ts';
import { parseOperatorMessage } from '../../../contracts/operator-lines.ts';
import { EnvelopeCollector } from './envelope-collector.ts';
import { LineAssembler } from './line-assembler.ts';
import { LogRouter } from './log-router.ts';

const FIXTURES = new URL('../../../../test/fixtures/published-operator/', import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));
const HIERARCHY = fixture('hierarchy-block.json');
const CHUNKS = fixture('result-chunks-later.json');
const RESULTS = fixture('result-lines.json');

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
const OP = { uid: FAKE_OPERATOR_UID, pid: 4242 };

describe('published operator lines', () => {
  test('every terminal line of the fixtures is a result line, whatever the tag', () => {
    for (const c of RESULTS.cases) {
      const start = parseOperatorMessage(c.message);
      assert.equal(start?.kind, 'line', c.name);
      if (start?.kind === 'line') assert.equal(start.line.kind, 'result', c.name);
    }
  });

  test('a result of 4000 chars or more is joined from the records Timber cut it into, same thread only', () => {
    // Timber 5.0.1 DebugTree: records of 4000 chars, no marker on the rest (docs/published-operator.md 2.4.2).
    const text = 'x'.repeat(9000);
    const line = `[Clawperator-Result] {"commandId":"c","taskId":"t","status":"success","stepResults":[{"id":"r","actionType":"read_text","success":true,"data":{"text":"${text}","validator":"none"}}],"error":null}`;
    const records = [line.slice(0, 4000), line.slice(4000, 8000), line.slice(8000)];
    const assembler = new LineAssembler();
    const out = [
      ...assembler.push({ uid: 1, pid: 7, tid: 8, priority: 'I', message: records[0] as string }),
      ...assembler.push({
        uid: 1,
        pid: 7,
        tid: 9,
        priority: 'D',
        message: '[UiActionEngine] step_start id=other type=X',
      }),
      ...assembler.push({ uid: 1, pid: 7, tid: 8, priority: 'I', message: records[1] as string }),
      ...assembler.push({ uid: 1, pid: 7, tid: 8, priority: 'I', message: records[2] as string }),
    ];
    assert.deepEqual(
      out.map((o) => o.line.kind),
      ['step_start', 'result'],
    );
    const result = out[1]?.line;
    assert.ok(result?.kind === 'result');
    assert.equal(JSON.parse(result.json).stepResults[0].data.text, text);
  });

  test('the hierarchy entry is read line by line up to </hierarchy>, repeated lines kept, other threads aside', () => {
    const message: string = HIERARCHY.message;
    const [head, ...xmlLines] = message.split('\n');
    const assembler = new LineAssembler();
    const out = assembler.push({ uid: 1, pid: 7, tid: 8, priority: 'D', message: head as string });
    for (const [i, xml] of xmlLines.entries()) {
      out.push(...assembler.push({ uid: 1, pid: 7, tid: 8, priority: 'D', message: xml }));
      if (i === 2) out.push(...assembler.push({ uid: 1, pid: 7, tid: 3, priority: 'D', message: '<not part of it>' }));
    }
    assert.equal(out.length, 1);
    const line = out[0]?.line;
    assert.ok(line?.kind === 'hierarchy');
    assert.equal(line.xml, message.slice(`${head}\n`.length).replace(/\n$/, ''));
    assert.ok(line.xml.endsWith('</hierarchy>'));
  });

  test('chunk lines of later builds are joined and checked by their SHA-256', () => {
    const collector = new EnvelopeCollector('cmd-big');
    const outcomes = CHUNKS.chunkLines.map((l: string) => {
      const start = parseOperatorMessage(l);
      assert.ok(start?.kind === 'line');
      return collector.push(start.line);
    });
    const terminal = outcomes.at(-1);
    assert.equal(terminal?.kind, 'envelope');
    assert.deepEqual(terminal?.kind === 'envelope' ? terminal.envelope.commandId : undefined, 'cmd-big');
    const tampered = new EnvelopeCollector('cmd-big');
    const lines: string[] = CHUNKS.chunkLines.map((l: string) => l.replace(/"sha256":"./, '"sha256":"0'));
    const last = lines.map((l) => {
      const start = parseOperatorMessage(l);
      return start?.kind === 'line' ? tampered.push(start.line) : undefined;
    });
    assert.equal(last.find((t) => t !== undefined)?.kind, 'malformed');
  });
});

describe('routing the lines of one execution', () => {
  test('step and hierarchy lines go to the execution the same writer started; the hierarchy to its step', async () => {
    const adb = new FakeAdb();
    const router = new LogRouter(adb, systemClock, { keepAlive: false });
    const collector = new EnvelopeCollector('cmd-1');
    const sub = await router.subscribe('fake-1', 'cmd-1', (line, source) => {
      if (source.uid === FAKE_OPERATOR_UID) collector.push(line);
    });
    const other = { uid: 10099, pid: 5000 };
    adb.log(
      'fake-1',
      '[Clawperator-Command] start commandId=cmd-1 taskId=t source=s timeoutMs=30000 actionCount=2',
      OP,
    );
    adb.log('fake-1', '[UiActionEngine] step_start id=open type=OpenApp', { ...OP, priority: 'D' });
    adb.log('fake-1', '[UiActionEngine] step_success id=open type=OpenApp data={application_id=x}', {
      ...OP,
      priority: 'D',
    });
    adb.log('fake-1', '[UiActionEngine] step_start id=snap type=SnapshotUi', { ...OP, priority: 'D' });
    // Another app writing the same lines changes nothing: its lines are its own.
    adb.log('fake-1', '[UiActionEngine] step_start id=forged type=X', other);
    adb.log('fake-1', HIERARCHY.message.replace(/\n$/, ''), { ...OP, tid: 4300, priority: 'D' });
    adb.log('fake-1', '[UiActionEngine] step_success id=snap type=SnapshotUi data={actual_format=hierarchy_xml}', {
      ...OP,
      priority: 'D',
    });
    adb.log(
      'fake-1',
      '[Clawperator-Result] {"commandId":"cmd-1","taskId":"t","status":"success","stepResults":[],"error":null}',
      OP,
    );
    await tick();
    assert.deepEqual(
      collector.steps.map((s) => s.actionId),
      ['open', 'snap'],
    );
    assert.equal(
      collector.hierarchies.get('snap'),
      HIERARCHY.message.slice(HIERARCHY.message.indexOf('\n') + 1).replace(/\n$/, ''),
    );
    assert.equal(collector.terminal?.kind, 'envelope');
    await sub.unsubscribe();
  });

  test('a payload the operator could not parse reaches every waiter; one it took does not count', async () => {
    const collector = new EnvelopeCollector('cmd-1');
    const rejected = parseOperatorMessage(
      '[Operator-Receiver] Failed to parse agent command payload\njava.lang.IllegalArgumentException: matcher is required',
    );
    assert.ok(rejected?.kind === 'line');
    collector.push(rejected.line);
    assert.equal(collector.rejection, '[Operator-Receiver] Failed to parse agent command payload');
    const accepted = new EnvelopeCollector('cmd-2');
    const start = parseOperatorMessage('[Clawperator-Command] start commandId=cmd-2 taskId=t');
    assert.ok(start?.kind === 'line');
    accepted.push(start.line);
    accepted.push(rejected.line);
    assert.equal(accepted.rejection, undefined);
  });
});
