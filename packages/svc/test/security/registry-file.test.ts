// Issue 31, items 3 and 6: the registry file of a skills repository is read like every other path of a skill. A
// `skills-registry.json` that is a link to a host file outside the repository is refused without reading it, a
// broken registry never quotes its content in the error (the JSON parser's own message does), and a skill id
// that could be a path (`../../../tmp/x`) makes the registry invalid instead of being listed and run. On every
// surface that lists skills: the CLI, HTTP (`svc serve`'s app) and MCP (`svc mcp` over stdio).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectStdio, type Loose, textOf } from '../mcp-client.ts';
import { isolatedEnv, runCliJson } from '../run-cli.ts';
import { getJson, startLabServer } from '../server-helpers.ts';

/** What a host secret starts with: a parse error that quoted the file would show it. */
const SECRET = 'root:$6$TOPSECRET-hash:19000:0:99999:7:::\n';

describe('the registry file of a skills repository', () => {
  let dir: string;
  const registries: Record<'linkOut' | 'brokenSecret' | 'pathId' | 'linkInside', string> = {
    linkOut: '',
    brokenSecret: '',
    pathId: '',
    linkInside: '',
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-registry-file-'));
    const secret = join(dir, 'host-secret');
    writeFileSync(secret, SECRET);
    const repo = (name: string) => {
      const root = join(dir, name);
      mkdirSync(join(root, 'skills'), { recursive: true });
      return join(root, 'skills', 'skills-registry.json');
    };
    registries.linkOut = repo('link-out');
    symlinkSync(secret, registries.linkOut);
    registries.brokenSecret = repo('broken');
    writeFileSync(registries.brokenSecret, SECRET);
    registries.pathId = repo('path-id');
    const entry = {
      applicationId: 'a',
      intent: 'i',
      summary: 's',
      path: '',
      skillFile: '',
      scripts: [],
      artifacts: [],
    };
    writeFileSync(registries.pathId, JSON.stringify({ skills: [{ ...entry, id: '../../../tmp/x' }] }));
    // A link that stays inside the repository is an ordinary registry.
    registries.linkInside = repo('link-inside');
    const real = join(dir, 'link-inside', 'skills', 'real.json');
    writeFileSync(real, JSON.stringify({ skills: [{ ...entry, id: 'a.i' }] }));
    symlinkSync(real, registries.linkInside);
  });
  after(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

  /** `skills list` on the CLI, over HTTP and over MCP with this registry: the error body each answers. */
  async function listEverywhere(registry: string): Promise<Record<string, Loose>> {
    const env = { SVC_SKILLS_REGISTRY: registry };
    const cli = (await runCliJson(['skills', 'list'], { env })).json;
    // The HTTP app (token required, as `svc serve` runs it) with SVC_SKILLS_REGISTRY in its environment.
    const server = await startLabServer([], {}, env);
    const http = await getJson(server.url, '/skills').finally(() => server.close());
    const session = await connectStdio([], isolatedEnv({ ...env, HOME: dir }), dir);
    try {
      // The MCP tool that lists skills (`skills`, a search without filters) answers a failure as text.
      const result = (await session.client.callTool({ name: 'skills', arguments: {} })) as Loose;
      assert.equal(result.isError, true, textOf(result));
      return { cli, http: http.body.error, mcp: errorOfText(textOf(result)) };
    } finally {
      await session.close();
    }
  }

  /** An MCP failure's text (`CODE: message`, `hint: ...`, `details: {json}`) as an error body, its text kept whole. */
  function errorOfText(text: string): Loose {
    const [head = '', ...rest] = text.split('\n');
    const code = /^([A-Z][A-Z0-9_]+): /.exec(head)?.[1] ?? '';
    const line = (key: string) => rest.find((l) => l.startsWith(`${key}: `))?.slice(key.length + 2);
    const details = JSON.parse(line('details') ?? '{}');
    return { code, message: head.slice(code.length + 2), hint: line('hint'), details, text };
  }

  it('refuses a registry that is a link out of its repository, and says nothing of what it points at', async () => {
    const answers = await listEverywhere(registries.linkOut);
    for (const [surface, error] of Object.entries(answers)) {
      assert.equal(error?.code, 'REGISTRY_READ_FAILED', `${surface}: ${JSON.stringify(error)}`);
      assert.match(error.details.reason, /link that leads outside/, surface);
      assert.doesNotMatch(JSON.stringify(error), /TOPSECRET|root:|host-secret/, surface);
    }
  });

  it('says where a broken registry is broken without quoting it, and not to install skills', async () => {
    const answers = await listEverywhere(registries.brokenSecret);
    for (const [surface, error] of Object.entries(answers)) {
      assert.equal(error?.code, 'REGISTRY_READ_FAILED', `${surface}: ${JSON.stringify(error)}`);
      assert.match(error.details.reason, /^invalid JSON/, surface);
      assert.doesNotMatch(JSON.stringify(error), /TOPSECRET|root:/, surface);
      assert.doesNotMatch(error.hint, /skills install/, surface);
      assert.match(error.hint, /fix the registry file/i, surface);
    }
  });

  it('refuses a registry whose skill id is a path: nothing is listed, nothing runs', async () => {
    const answers = await listEverywhere(registries.pathId);
    for (const [surface, error] of Object.entries(answers)) {
      assert.equal(error?.code, 'REGISTRY_READ_FAILED', `${surface}: ${JSON.stringify(error)}`);
      assert.match(error.details.reason, /^skills\.0\.id: skill ids are/, surface);
    }
    const run = await runCliJson(['skills', 'run', '../../../tmp/x'], {
      env: { SVC_SKILLS_REGISTRY: registries.pathId },
    });
    assert.equal(run.json.code, 'REGISTRY_READ_FAILED', run.stdout);
  });

  it('reads a registry that is a link inside its own repository', async () => {
    const listed = await runCliJson(['skills', 'list'], { env: { SVC_SKILLS_REGISTRY: registries.linkInside } });
    assert.equal(listed.code, 0, listed.stdout);
    assert.deepEqual(
      listed.json.skills.map((s: { id: string }) => s.id),
      ['a.i'],
    );
  });
});
