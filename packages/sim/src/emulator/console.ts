// The emulator console on the even port P: enough of the protocol for `adb -s emulator-P emu avd name` and
// `adb emu kill`. adb sends `auth <token>` (when ~/.emulator_console_auth_token is non-empty), the command, `quit`,
// then prints what follows the SECOND `OK` line. So the greeting is always two OK-terminated blocks: with auth, the
// "Authentication required" block and the answer to `auth`; without auth, two greeting blocks.
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

export interface ConsoleOptions {
  readonly avdName: () => string;
  /** Directory holding `.emulator_console_auth_token`; missing or empty file = no auth. */
  readonly home: string;
  /** `kill`: the emulator exits. */
  readonly onKill: () => void;
  /** `geo fix <longitude> <latitude> [<altitude>]`: the simulated GPS position. */
  readonly onGeoFix?: (fix: { longitude: number; latitude: number; altitude: number }) => void;
}

const HELP_BLOCK = "Android Console: type 'help' for a list of commands\r\nOK\r\n";

export class EmulatorConsole {
  #server: Server;
  #options: ConsoleOptions;
  #sockets = new Set<Socket>();

  constructor(options: ConsoleOptions) {
    this.#options = options;
    this.#server = createServer({ noDelay: true }, (socket) => this.#serve(socket));
  }

  get server(): Server {
    return this.#server;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #token(): string {
    try {
      return readFileSync(join(this.#options.home, '.emulator_console_auth_token'), 'utf8').trim();
    } catch {
      return '';
    }
  }

  #serve(socket: Socket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const token = this.#token();
    const tokenPath = join(this.#options.home, '.emulator_console_auth_token');
    let authenticated = token === '';
    if (authenticated) {
      socket.write(`Android Console: no authentication required\r\nOK\r\n${HELP_BLOCK}`);
    } else {
      socket.write(
        "Android Console: Authentication required\r\nAndroid Console: type 'auth <auth_token>' to authenticate\r\n" +
          `Android Console: you can find your <auth_token> in \r\n'${tokenPath}'\r\nOK\r\n`,
      );
    }
    let pending = '';
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      pending += text;
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline).replace(/\r$/, '').trim();
        pending = pending.slice(newline + 1);
        if (line !== '') {
          const result = this.#command(line, authenticated, token);
          if (result.authenticated) authenticated = true;
          if (result.reply) socket.write(result.reply);
          if (result.close) {
            socket.end();
            if (result.kill) setImmediate(() => this.#options.onKill());
            return;
          }
        }
        newline = pending.indexOf('\n');
      }
    });
  }

  #command(
    line: string,
    authenticated: boolean,
    token: string,
  ): { reply?: string; close?: boolean; kill?: boolean; authenticated?: boolean } {
    const [verb = '', ...rest] = line.split(/\s+/);
    if (verb === 'quit' || verb === 'exit') return { close: true };
    if (verb === 'auth') {
      if (token === '' || rest.join(' ') === token) return { reply: HELP_BLOCK, authenticated: true };
      return { reply: 'KO: authentication token does not match ~/.emulator_console_auth_token\r\n' };
    }
    if (verb === 'help')
      return { reply: 'Android console commands:\r\n    help\r\n    ping\r\n    avd\r\n    kill\r\nOK\r\n' };
    if (!authenticated) return { reply: "KO: unknown command, try 'help'\r\n" };
    if (verb === 'ping') return { reply: 'I am alive!\r\nOK\r\n' };
    if (verb === 'kill') return { reply: 'OK: killing emulator, bye bye\r\n', close: true, kill: true };
    if (verb === 'avd' && rest[0] === 'name') return { reply: `${this.#options.avdName()}\r\nOK\r\n` };
    if (verb === 'avd' && rest[0] === 'status') return { reply: 'virtual device is running\r\nOK\r\n' };
    if (verb === 'geo' && rest[0] === 'fix') return geoFix(rest.slice(1), this.#options.onGeoFix);
    return { reply: "KO: unknown command, try 'help'\r\n" };
  }
}

/**
 * `geo fix <longitude> <latitude> [<altitude> [<satellites>]]` (emulator console, android/console.cpp do_geo_fix):
 * "OK" when taken, "KO: ..." for a missing or non-numeric value.
 */
function geoFix(args: string[], onFix: ConsoleOptions['onGeoFix']): { reply: string } {
  const [longitude, latitude, altitude = 0] = args.map(Number);
  if (args.length < 2 || [longitude, latitude, altitude].some((v) => !Number.isFinite(v))) {
    return { reply: 'KO: invalid arguments, expected: geo fix <longitude> <latitude> [<altitude> [<satellites>]]\r\n' };
  }
  onFix?.({ longitude: longitude as number, latitude: latitude as number, altitude });
  return { reply: 'OK\r\n' };
}
