// Shared setup for the server end-to-end suites: a lab (own adb server + simulated devices), the real server app on
// 127.0.0.1 port 0 with a context pointed at the lab, and small HTTP helpers.

import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { SimDeviceOptions } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { createServerAuth } from '../src/adapters/http/auth.ts';
import { createContext } from '../src/core/context.ts';
import { createServerApp, type ServerApp, type ServerAppOptions } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { authHeaders, rememberToken } from './server-auth.ts';

export interface LabServer {
  lab: Lab;
  serverApp: ServerApp;
  running: RunningServer & { loginUrl(next?: string): string };
  url: string;
  /** The server's token (the helpers below send it). */
  token: string;
  close(): Promise<void>;
}

/** The lab behind the server as `svc serve` runs it: token required (the helpers send it), loopback only. */
export async function startLabServer(
  devices: SimDeviceOptions[],
  options: Partial<ServerAppOptions> = {},
  env: Record<string, string> = {},
): Promise<LabServer> {
  const lab = await createLab({ devices });
  const ctx = createContext({ env: { ...process.env, ...lab.env, ...env }, cwd: lab.home });
  const token = randomBytes(32).toString('base64url');
  const auth = createServerAuth(token);
  const serverApp = createServerApp(ctx, { auth, loopbackHostOnly: true, ...options });
  const listening = await listenTcp(serverApp, { host: '127.0.0.1', port: 0 });
  // A browser signs in through a one-time link, as with `svc serve` (browserUrl follows it).
  const running = Object.assign(listening, { loginUrl: (next?: string) => auth.loginUrl(listening.url, next) });
  rememberToken(running.url, token);
  return {
    lab,
    serverApp,
    running,
    url: running.url,
    token,
    close: async () => {
      await running.close();
      await lab.close();
    },
  };
}

/** The server app on a lab a suite already runs (closing it leaves the lab running). */
export async function startLabServerOn(lab: Lab): Promise<{ url: string; close(): Promise<void> }> {
  const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
  const token = randomBytes(32).toString('base64url');
  const serverApp = createServerApp(ctx, { auth: createServerAuth(token), loopbackHostOnly: true });
  const running = await listenTcp(serverApp, { host: '127.0.0.1', port: 0 });
  rememberToken(running.url, token);
  return {
    url: running.url,
    close: async () => {
      await running.close();
      await ctx.close();
    },
  };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & {
    ok?: boolean;
    error?: { code: string; message: string; details?: Record<string, unknown> };
  };
}

export async function postJson(url: string, path: string, body: unknown): Promise<JsonResponse> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeaders(url) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as JsonResponse['body'] };
}

export async function getJson(url: string, path: string): Promise<JsonResponse> {
  const response = await fetch(`${url}${path}`, { headers: authHeaders(url) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as JsonResponse['body'] };
}

/** A request with headers fetch will not let us set (Host). */
export function rawGet(
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: { error?: { code: string } } }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, headers: { ...authHeaders(url), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let counter = 0;

/** A valid execution of one sleep action (0 ms by default). */
export function sleepExecution(durationMs = 0, timeoutMs = 30_000) {
  counter += 1;
  const id = `srv-test-${process.pid}-${counter}`;
  return {
    commandId: id,
    taskId: id,
    source: 'server-test',
    expectedFormat: 'android-ui-automator',
    timeoutMs,
    actions: [{ id: 'nap', type: 'sleep', params: { durationMs } }],
  };
}
