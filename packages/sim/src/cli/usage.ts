// Usage of `svc-sim start`, apart from start.ts so that printing it never loads the simulator.
export const START_USAGE = `usage: svc-sim start [-n N] [--port P] [--emulator] [--model M] [--api-level N]
                     [--state device|unauthorized|offline|recovery|sideload|bootloader|rescue] [--accept-after MS]
                     [--operator svc|clawperator] [--operator-version X.Y.Z] [--no-operator]
                     [--brand WORD] [--apps-dir DIR] [--adb-port PORT] [--no-connect]
                     [--timing instant|phone]   (phone: uiautomator dump and input as slow as a real phone's)
  --operator clawperator installs the published Clawperator operator as its code behaves (version 0.5.2 unless
  --operator-version says otherwise); --no-operator gives a stock phone.`;
