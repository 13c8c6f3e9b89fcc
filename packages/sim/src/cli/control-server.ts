// The control HTTP of a `svc-sim start` process, on loopback: list devices, set state, latency, faults, disconnect,
// a screen captured from a real phone, the input events a device received, stop. JSON in and out; errors are { code, message }. It can stop devices and fake their faults, so it answers only
// the user who started it (the token of the run record, registry.ts) and never a web page: a request with an
// Origin header, or a Host that is not the loopback address it listens on (DNS rebinding), is refused.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { BOOT_MODES, type DeviceState } from '../device/types.ts';
import { FAULT_NAMES, isFaultName } from '../faults.ts';
import type { SimDevice } from '../sim-device.ts';
import { postFromControl } from './notify.ts';

export interface ControlledDevice {
  readonly sim: SimDevice;
  latencyMs: number;
  /** What the adb server last said of it (adb-watch.ts); undefined before the first look. */
  adbState?: string;
  /** False with --no-connect: the user connects it, the watcher never does. */
  connect?: boolean;
}

export interface DeviceSummary {
  serial: string;
  port: number;
  consolePort: number | null;
  state: DeviceState;
  /** The adb server's view: device, offline, unauthorized, absent (not listed) or `no adb server`. */
  adbState: string;
  model: string;
  latencyMs: number;
  faults: Record<string, number | boolean>;
}

export function summarize(entry: ControlledDevice): DeviceSummary {
  const { sim } = entry;
  return {
    serial: sim.serial,
    port: sim.port,
    consolePort: sim.consolePort ?? null,
    state: sim.state,
    adbState: entry.adbState ?? 'unknown',
    model: sim.device.props.get('ro.product.model') ?? '',
    latencyMs: entry.latencyMs,
    faults: sim.faults.active(),
  };
}

class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  if (text.trim() === '') return {};
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) throw new HttpError(400, 'BAD_REQUEST', 'body must be an object');
  return value as Record<string, unknown>;
}

const STATES = new Set<string>(['device', 'unauthorized', 'offline', ...BOOT_MODES]);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Refuses what is not a call of the owner's own tools: a web page (Origin), a rebound name (Host), no token. */
function checkCaller(request: IncomingMessage, token: string): void {
  if (request.headers.origin !== undefined)
    throw new HttpError(403, 'ORIGIN_FORBIDDEN', 'requests from web pages are refused');
  const host = request.headers.host ?? '';
  if (!/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i.test(host)) {
    throw new HttpError(403, 'HOST_FORBIDDEN', `Host ${JSON.stringify(host)} is not a loopback name`);
  }
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (given === undefined || !timingSafeEqual(digest(given), digest(token))) {
    throw new HttpError(401, 'AUTH_REQUIRED', 'send Authorization: Bearer <token of the run record>');
  }
}

export interface ControlHooks {
  onStopAll(): void;
  /** Before GET /devices answers: look at the adb server again, so a list shows what adb says now. */
  refresh?(): Promise<void>;
  /** After one device stopped: take it off the adb server. */
  onStopped?(entry: ControlledDevice): Promise<void>;
}

export function startControlServer(devices: ControlledDevice[], hooks: ControlHooks, token: string): Promise<Server> {
  const find = (serial: string) => {
    const entry = devices.find((d) => d.sim.serial === serial);
    if (!entry) throw new HttpError(404, 'DEVICE_NOT_FOUND', `no simulated device ${serial}`);
    return entry;
  };
  const server = createServer(async (request, response) => {
    try {
      checkCaller(request, token);
      const url = new URL(request.url ?? '/', 'http://localhost');
      const body = request.method === 'POST' ? await readJson(request) : {};
      const match = /^\/devices\/([^/]+)\/(state|latency|fault|disconnect|screen|notify)$/.exec(url.pathname);
      let result: unknown;
      const record = /^\/devices\/([^/]+)\/(commands|inputs)$/.exec(url.pathname);
      if (record && (request.method === 'GET' || request.method === 'DELETE')) {
        // What the device received (device-side commands, or input events); DELETE answers them too and starts a
        // new record.
        const { sim } = find(decodeURIComponent(record[1]!));
        const log = record[2] === 'commands' ? sim.device.commands : sim.device.inputs;
        result = log.entries();
        if (request.method === 'DELETE') log.clear();
      } else if (request.method === 'GET' && url.pathname === '/devices') {
        await hooks.refresh?.();
        result = devices.map(summarize);
      } else if (request.method === 'POST' && url.pathname === '/stop') {
        const serial = typeof body.serial === 'string' ? body.serial : undefined;
        if (serial) {
          const entry = find(serial);
          await entry.sim.stop();
          devices.splice(devices.indexOf(entry), 1);
          await hooks.onStopped?.(entry);
        }
        result = { stopped: serial ?? 'all' };
        if (!serial || devices.length === 0) setImmediate(hooks.onStopAll);
      } else if (request.method === 'POST' && match) {
        const entry = find(decodeURIComponent(match[1]!));
        result = applyAction(entry, match[2]!, body);
      } else {
        throw new HttpError(404, 'NOT_FOUND', `${request.method} ${url.pathname}`);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 400;
      const code = error instanceof HttpError ? error.code : 'BAD_REQUEST';
      const message = error instanceof Error ? error.message : String(error);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code, message }));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function applyAction(entry: ControlledDevice, action: string, body: Record<string, unknown>): DeviceSummary {
  const { sim } = entry;
  if (action === 'state') {
    if (typeof body.state !== 'string' || !STATES.has(body.state)) {
      throw new HttpError(400, 'BAD_REQUEST', `state must be one of ${[...STATES].join(', ')}`);
    }
    const accept = body.acceptAuthAfterMs;
    if (accept !== undefined && (typeof accept !== 'number' || !(accept >= 0))) {
      throw new HttpError(400, 'BAD_REQUEST', 'acceptAuthAfterMs must be >= 0');
    }
    sim.setState(body.state as DeviceState, accept === undefined ? {} : { acceptAuthAfterMs: accept });
  } else if (action === 'latency') {
    if (typeof body.ms !== 'number' || !(body.ms >= 0)) throw new HttpError(400, 'BAD_REQUEST', 'ms must be >= 0');
    entry.latencyMs = body.ms;
    sim.setLatencyMs(body.ms);
  } else if (action === 'fault') {
    const name = body.name;
    if (name !== undefined && (typeof name !== 'string' || !isFaultName(name))) {
      throw new HttpError(400, 'BAD_REQUEST', `unknown fault ${String(name)}; faults: ${FAULT_NAMES.join(', ')}`);
    }
    if (body.clear === true) sim.faults.clear(name);
    else if (name) sim.faults.set(name, typeof body.value === 'number' ? body.value : true);
    else throw new HttpError(400, 'BAD_REQUEST', 'name is required');
  } else if (action === 'disconnect') {
    sim.disconnect();
  } else if (action === 'notify') {
    postFromControl(sim.device, body);
  } else if (action === 'screen') {
    const ui = sim.device.ui;
    if (!ui.showScreen) throw new HttpError(400, 'BAD_REQUEST', 'this device has no screen to show a capture on');
    if (body.clear !== true && typeof body.dump !== 'string') {
      throw new HttpError(400, 'BAD_REQUEST', 'dump (the text of a uiautomator dump) or clear: true is required');
    }
    ui.showScreen(body.clear === true ? undefined : (body.dump as string));
  }
  return summarize(entry);
}
