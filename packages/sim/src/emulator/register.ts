// Emulator-style registration: tell the adb server `host:emulator:<adb port>`; it connects back to 127.0.0.1:<adb
// port> and lists the device as emulator-<adb port - 1>. The server sends no reply to this request.
import { connect } from 'node:net';

export function encodeHostRequest(request: string): Buffer {
  const body = Buffer.from(request, 'utf8');
  return Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'latin1'), body]);
}

/** Resolves true when the request was delivered, false when no adb server listens there. */
export function announceEmulator(adbServerPort: number, adbPort: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: adbServerPort, noDelay: true });
    socket.on('error', () => resolve(false));
    socket.on('connect', () => {
      socket.end(encodeHostRequest(`host:emulator:${adbPort}`), () => resolve(true));
    });
    socket.on('data', () => {});
    socket.setTimeout(5000, () => socket.destroy());
  });
}
