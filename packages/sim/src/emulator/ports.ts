// Port pairs for emulator-style devices: the console on an even port P, adb on P+1. Free pairs are picked outside
// 5554-5585, the range every adb server scans at startup, so a simulated emulator shows up only on the adb server
// it announces itself to.
import { createServer, type Server } from 'node:net';

export function listenOn(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

function closeQuietly(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Binds `consoleServer` on an even port P and `adbServer` on P+1 (`consolePort` given = exactly that pair). */
export async function listenOnPortPair(consoleServer: Server, adbServer: Server, consolePort?: number) {
  if (consolePort) {
    if (consolePort % 2 !== 0) throw new Error(`emulator console port must be even, got ${consolePort}`);
    await listenOn(consoleServer, consolePort);
    await listenOn(adbServer, consolePort + 1);
    return consolePort;
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    const probe = createServer();
    const port = await listenOn(probe, 0);
    await closeQuietly(probe);
    const even = port % 2 === 0 ? port : port + 1;
    if (even >= 5554 && even <= 5585) continue;
    try {
      await listenOn(consoleServer, even);
    } catch {
      continue;
    }
    try {
      await listenOn(adbServer, even + 1);
      return even;
    } catch {
      await closeQuietly(consoleServer);
    }
  }
  throw new Error('no free even/odd port pair for an emulator-style device');
}
