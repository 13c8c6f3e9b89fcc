// FakeAdb against the AdbPort contract: the fake answers the contract's commands as a device does, and its own
// mechanics (streams that end, unknown serials refused, close) must match the real port's.
import { CONTRACT_COMMANDS, runAdbPortContract } from './adb-port.contract.test-helper.ts';
import { FakeAdb, ok } from './fake-adb.test-helper.ts';

runAdbPortContract('FakeAdb', async () => {
  const port = new FakeAdb();
  port.handle = (_serial, command) => {
    const answer = CONTRACT_COMMANDS[command];
    return answer === undefined ? ok('', 127, `/system/bin/sh: ${command}: not found\n`) : answer;
  };
  return { port, serial: 'fake-1', unknownSerial: 'no-such-device', close: async () => {} };
});
