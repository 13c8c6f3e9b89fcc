// Usage of `svc-sim start`, apart from start.ts so that printing it never loads the simulator.
export const START_USAGE = `usage: svc-sim start [-n N] [--port P] [--emulator] [--model M] [--api-level N]
                     [--state device|unauthorized|offline] [--accept-after MS] [--no-operator]
                     [--brand WORD] [--apps-dir DIR] [--adb-port PORT] [--no-connect]
                     [--timing instant|phone]   (phone: uiautomator dump and input as slow as a real phone's)`;
