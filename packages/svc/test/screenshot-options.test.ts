// Screenshots an agent can afford, through real adb on a simulated device: --max-size, --format and --quality on
// the CLI, the same fields on POST /screenshot, and MCP's scaled JPEG by default with the scale stated.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { connectStdio, expectProtocolError, type Loose, type StdioSession } from './mcp-client.ts';
import { isolatedEnv, runCli, runCliJson } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

const stepOf = (json: Loose) => json.envelope.stepResults[0].data;

describe('screenshot options on the CLI', () => {
  let lab: Lab;
  let dir: string;
  const svc = (...args: string[]) => runCliJson(args, { env: lab.env, cwd: dir });
  before(async () => {
    lab = await createLab({ devices: [{}] });
    dir = await mkdtemp(join(tmpdir(), 'svc-shot-'));
  });
  after(async () => {
    await lab?.close();
  });

  test('--max-size --format jpeg --quality writes a scaled JPEG and states its size and scale', async () => {
    const run = await svc('screenshot', '--max-size', '512', '--format', 'jpeg', '--quality', '60', '--path', 'a.jpg');
    assert.equal(run.code, 0, run.stdout);
    const data = stepOf(run.json);
    assert.deepEqual(
      [data.format, data.width, data.height, data.device_width, data.device_height, data.scale],
      ['jpeg', '230', '512', '1080', '2400', '4.6875'],
    );
    assert.equal(data.path, join(dir, 'a.jpg'));
    assert.deepEqual([...readFileSync(data.path).subarray(0, 2)], [0xff, 0xd8]);
  });

  test('a JPEG to a temp file is named .jpg and the device PNG is not left behind', async () => {
    const run = await svc('screenshot', '--format', 'jpeg');
    const { path } = stepOf(run.json);
    assert.match(path, /\.jpg$/);
    assert.equal(existsSync(path.replace(/\.jpg$/, '.png')), false);
    const plain = await svc('screenshot', '--path', 'full.png');
    assert.equal(stepOf(plain.json).format, undefined, 'without options the device PNG is kept as is');
  });

  test('bad image options fail before the device is touched, naming the option', async () => {
    const small = await svc('screenshot', '--max-size', '10');
    assert.equal(small.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(small.json.details.path, 'maxSize');
    assert.equal((await svc('screenshot', '--quality', '50')).json.details.path, 'quality');
    assert.equal((await svc('snapshot', '--format', 'jpeg')).json.code, 'CLI_USAGE_ERROR');
    const pretty = await runCli(['devices', '--format', 'pretty'], { env: lab.env });
    assert.match(pretty.stdout, /^serial\s+state\b/, '--format json|pretty is still the output');
  });
});

describe('screenshot options over HTTP and MCP', () => {
  let server: LabServer;
  let session: StdioSession;
  before(async () => {
    server = await startLabServer([{}]);
    const cwd = await mkdtemp(join(tmpdir(), 'svc-shot-mcp-'));
    session = await connectStdio(['--no-daemon'], isolatedEnv(server.lab.env), cwd);
  });
  after(async () => {
    await session?.close();
    await server?.close();
  });

  test('POST /screenshot takes maxSize, format and quality; a bad one is a 400 naming it', async () => {
    const ok = await postJson(server.url, '/screenshot', { maxSize: 800, format: 'jpeg', quality: 50 });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const data = stepOf(ok.body);
    assert.deepEqual([data.width, data.height, data.format], ['360', '800', 'jpeg']);
    const bad = await postJson(server.url, '/screenshot', { format: 'gif' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error?.details?.path, 'format');
  });

  test('MCP returns a 1024 px JPEG by default and says how to map its coordinates to device pixels', async () => {
    const result = (await session.client.callTool({ name: 'screenshot', arguments: {} })) as Loose;
    assert.notEqual(result.isError, true, JSON.stringify(result.content[0]));
    assert.equal(result.structuredContent, undefined);
    const image = result.content.find((c: { type: string }) => c.type === 'image');
    assert.equal(image.mimeType, 'image/jpeg');
    const note = result.content.find((c: { type: string; text?: string }) => c.text?.startsWith('Image '));
    assert.match(note.text, /^Image 461x1024 of the 1080x2400 screen: image x, y times 2\.3438 are device pixels/);
    assert.match(note.text, /Saved to \/\S+\.jpg\.$/, 'where the image was saved');
    const full = (await session.client.callTool({
      name: 'screenshot',
      arguments: { maxSize: 10000, format: 'png' },
    })) as Loose;
    const png = full.content.find((c: { type: string }) => c.type === 'image');
    assert.equal(png.mimeType, 'image/png');
    const shownFull = full.content.find((c: { type: string; text?: string }) => c.text?.startsWith('Image '));
    assert.match(shownFull.text, /^Image 1080x2400 = the device screen/);
    const bad = await expectProtocolError(session.client, 'screenshot', { quality: 0 });
    assert.equal((bad.data as Loose).details.path, 'quality');
  });
});
