// An MCP client that reaches `svc mcp --http` without the server token must show its user what to do, not start an
// OAuth sign-in svc does not offer. What clients do on a 401 (MCP authorization, RFC 9728): a client with an OAuth
// provider (Claude Code, VS Code, the SDK's own) looks for /.well-known/oauth-protected-resource and the authorization
// server metadata, then registers itself at /register and sends the user's browser to /authorize; the SDK's client
// shows the error_description of an OAuth error answer (`SDK auth failed: <description>` in Claude Code,
// anthropics/claude-code#47424). A client without one shows the 401's body. Both are driven here with the SDK's
// Streamable HTTP client.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { isolatedEnv, MAIN } from './run-cli.ts';

/** An OAuth-capable client as the desktop clients have one; records whether it would open the user's browser. */
function oauthClientProvider(): OAuthClientProvider & { browserOpened: URL[] } {
  let client: OAuthClientInformationMixed | undefined;
  let tokens: OAuthTokens | undefined;
  let verifier = '';
  const browserOpened: URL[] = [];
  return {
    browserOpened,
    redirectUrl: 'http://127.0.0.1:1/callback',
    clientMetadata: { client_name: 'test client', redirect_uris: ['http://127.0.0.1:1/callback'] },
    clientInformation: () => client,
    saveClientInformation: (info) => {
      client = info;
    },
    tokens: () => tokens,
    saveTokens: (saved) => {
      tokens = saved;
    },
    redirectToAuthorization: (url) => {
      browserOpened.push(url);
    },
    saveCodeVerifier: (saved) => {
      verifier = saved;
    },
    codeVerifier: () => verifier,
  };
}

describe('svc mcp --http and a client without the token', () => {
  let home: string;
  let child: ChildProcess;
  let url: URL;
  const tokenFile = () => join(home, '.svc', 'server-token');

  before(async () => {
    home = mkdtempSync(join(tmpdir(), 'svc-mcp-auth-'));
    child = spawn(process.execPath, [MAIN, 'mcp', '--http', '--port', '0', '--no-daemon'], {
      env: isolatedEnv({ HOME: home }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    url = await new Promise<URL>((resolve, reject) => {
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const match = /listening on (http:\/\/\S+)/.exec(stderr);
        if (match?.[1]) resolve(new URL(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`svc mcp --http exited ${code}: ${stderr}`)));
    });
  });

  after(async () => {
    // The server writes into its home until it has exited (its token, its log): remove the home only after.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(home, { recursive: true, force: true, maxRetries: 5 });
  });

  test('a client with no OAuth support shows AUTH_REQUIRED, the header to send and where the token is', async () => {
    const client = new Client({ name: 'no-oauth', version: '1' });
    const failure = await client.connect(new StreamableHTTPClientTransport(url)).then(
      () => assert.fail('connected without the token'),
      (error: Error) => error,
    );
    assert.match(failure.message, /AUTH_REQUIRED/);
    assert.ok(failure.message.includes('Authorization: Bearer'), failure.message);
    assert.ok(failure.message.includes(tokenFile()), failure.message);
  });

  test('an OAuth-capable client stops before any browser sign-in, with svc’s own message as the error', async () => {
    const provider = oauthClientProvider();
    const client = new Client({ name: 'with-oauth', version: '1' });
    const failure = await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider })).then(
      () => assert.fail('connected without the token'),
      (error: Error) => error,
    );
    assert.deepEqual(provider.browserOpened, [], 'no browser opened for a sign-in svc does not offer');
    assert.ok(failure.message.startsWith('svc offers no OAuth sign-in'), failure.message);
    assert.ok(failure.message.includes('Authorization: Bearer'), failure.message);
    assert.ok(failure.message.includes(tokenFile()), failure.message);
  });

  test('the OAuth discovery addresses answer 404 (no metadata) with the same explanation', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      const response = await fetch(new URL(path, url));
      assert.equal(response.status, 404, path);
      const body = (await response.json()) as { ok: boolean; error: { code: string; message: string } };
      assert.equal(body.error.code, 'NOT_FOUND', path);
      assert.ok(body.error.message.startsWith('svc offers no OAuth sign-in'), body.error.message);
    }
  });
});
