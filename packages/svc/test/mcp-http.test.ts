// `svc mcp --http`: the same tools over Streamable HTTP on loopback, with the Origin/Host protections of `svc serve`
// (issue 11), driven by the SDK's own Streamable HTTP client against a simulated device through real adb.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createLab, type Lab } from 'svc-sim/testing';
import { readServerToken } from '../src/adapters/http/server-token.ts';
import { codeOfText, jsonOf, type Loose, textOf } from './mcp-client.ts';
import { isolatedEnv, MAIN } from './run-cli.ts';
import { authHeaders, rememberToken } from './server-auth.ts';

const ALLOWED = 'http://localhost:5173';
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** A raw POST to the MCP endpoint with chosen headers (node:http lets a test set Host). */
function post(
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...authHeaders(url.toString()),
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

describe('svc mcp --http', () => {
  let lab: Lab;
  let serial: string;
  let child: ChildProcess;
  let url: URL;
  let stderr = '';

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial ?? '';
    child = spawn(process.execPath, [MAIN, 'mcp', '--http', '--port', '0', '--no-daemon', '--allow-origin', ALLOWED], {
      env: isolatedEnv(lab.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<URL>((resolve, reject) => {
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const match = /listening on (http:\/\/\S+)/.exec(stderr);
        if (match?.[1]) {
          // As an MCP client is configured: the token of the user's ~/.svc/server-token (the lab's HOME here).
          rememberToken(match[1], readServerToken(lab.home) ?? '');
          resolve(new URL(match[1]));
        }
      });
      child.on('exit', (code) => reject(new Error(`svc mcp --http exited ${code}: ${stderr}`)));
    });
  });
  after(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await lab?.close();
  });

  test('listens on 127.0.0.1 and serves the tools to the SDK client, device calls included', async () => {
    assert.equal(url.hostname, '127.0.0.1');
    assert.equal(url.pathname, '/mcp');
    const client = new Client({ name: 'svc-mcp-http-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: authHeaders(url.toString()) } }),
    );
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((tool) => tool.name === 'execute'));
      const devices: Loose = await client.callTool({ name: 'devices', arguments: {} });
      assert.deepEqual(jsonOf(devices).devices, [
        {
          serial,
          state: 'device',
          product: 'pixel_7',
          model: 'Pixel_7',
          device: 'pixel_7',
          driver: 'operator',
          operatorPackage: 'com.svc.operator',
        },
      ]);
      const snap: Loose = await client.callTool({ name: 'snapshot', arguments: { deviceId: serial } });
      assert.equal(snap.isError, false, textOf(snap));
      assert.match(textOf(snap), /^# com\.\S+ 1080x2400, \d+ elements\n/, 'the compact screen');
      const refused = await client.callTool({ name: 'open', arguments: {} }).then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.ok(refused instanceof McpError);
      assert.equal(refused.code, ErrorCode.InvalidParams);
    } finally {
      await client.close();
    }
  });

  test('screenshot paths stay in the private screenshots folder: none outside, a random name without one', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'svc-mcp-outside-'));
    const client = new Client({ name: 'svc-mcp-http-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: authHeaders(url.toString()) } }),
    );
    try {
      for (const path of [join(outside, 'x.png'), '../x.png', 'missing/x.png', 'notes.txt']) {
        const refused: Loose = await client.callTool({ name: 'screenshot', arguments: { deviceId: serial, path } });
        assert.equal(refused.isError, true, path);
        const text = textOf(refused);
        assert.equal(codeOfText(text), 'PATH_FORBIDDEN', path);
        // Named as the tool's argument, the execution's path beside it.
        const details = JSON.parse(/^details: (.*)$/m.exec(text)?.[1] ?? '{}');
        assert.equal(details.path, 'path', path);
        assert.equal(details.executionPath, 'actions[0].params.path', path);
      }
      const shot: Loose = await client.callTool({ name: 'screenshot', arguments: { deviceId: serial } });
      assert.equal(shot.isError, false, textOf(shot));
      // An agent gets a scaled JPEG by default; the file lands beside where a PNG would.
      const folder = join(lab.home, '.svc', 'screenshots');
      const written = new RegExp(`${folder}/screenshot-[0-9a-f]{24}\\.(png|jpg)`).exec(JSON.stringify(shot))?.[0];
      assert.ok(written, JSON.stringify(shot.content));
      assert.equal(statSync(folder).mode & 0o777, 0o700);
      assert.equal(statSync(written).mode & 0o777, 0o600);
      assert.deepEqual(readdirSync(outside), []);
      assert.ok(!existsSync(join(lab.home, '.svc', 'x.png')));
    } finally {
      await client.close();
    }
  });

  test('a request from a web page (Origin not allowed) is refused with 403 ORIGIN_FORBIDDEN', async () => {
    const { status, body } = await post(url, { origin: 'http://evil.example' });
    assert.equal(status, 403);
    assert.equal(JSON.parse(body).error.code, 'ORIGIN_FORBIDDEN');
  });

  test('an --allow-origin origin is served', async () => {
    const { status, body, headers } = await post(url, { origin: ALLOWED });
    assert.equal(status, 200, body);
    assert.equal(JSON.parse(body).result.serverInfo.name, 'svc');
    assert.equal(headers['access-control-allow-origin'], ALLOWED);
  });

  test('a non-loopback Host header (DNS rebinding) is refused with 403 HOST_FORBIDDEN', async () => {
    const { status, body } = await post(url, { host: `attacker.example:${url.port}` });
    assert.equal(status, 403);
    assert.equal(JSON.parse(body).error.code, 'HOST_FORBIDDEN');
  });

  test('GET and DELETE are 405 (stateless: no stream or session to open or end)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(url, {
        method,
        headers: { accept: 'text/event-stream', ...authHeaders(url.toString()) },
      });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'POST');
    }
  });

  test('a request without the token is refused with 401 AUTH_REQUIRED, and with a wrong one too', async () => {
    // '' replaces the helper's token with an empty header: no credential at all.
    for (const authorization of ['', 'Bearer wrong-token', 'Basic abc']) {
      const { status, body, headers } = await post(url, { authorization });
      assert.equal(status, 401, `${authorization}: ${body}`);
      assert.equal(JSON.parse(body).error.code, 'AUTH_REQUIRED');
      assert.match(String(headers['www-authenticate']), /^Bearer/);
    }
  });

  test('SIGTERM stops the server with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
