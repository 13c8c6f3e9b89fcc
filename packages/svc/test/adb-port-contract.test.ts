// The real AdbPort (over the adb server) against the AdbPort contract, on a simulated device through real adb.
import { createLab } from 'svc-sim/testing';
import { runAdbPortContract } from '../src/adapters/adb/adb-port.contract.test-helper.ts';
import { createAdbServerPort } from '../src/adapters/adb/adb-server-port.ts';
import { nodeProcessRunner } from '../src/adapters/process/process-runner.ts';

runAdbPortContract('the adb server port on the simulator', async () => {
  const lab = await createLab({ devices: [{}] });
  const port = createAdbServerPort({ ...lab.env, PATH: process.env.PATH }, nodeProcessRunner);
  return {
    port,
    serial: lab.devices[0]?.serial as string,
    unknownSerial: '127.0.0.1:1',
    async close() {
      await port.close();
      await lab.close();
    },
  };
});
