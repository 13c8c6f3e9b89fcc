// What the tool descriptions teach an agent (issue 11): selectors, settling, one execution per device, and how to
// read a result. Kept in one place so every tool says it the same way.

export const SELECTOR_GUIDE =
  'Selector (NodeMatcher): all given fields must match (AND). Prefer the most stable field, in this order: ' +
  'resourceId > contentDescEquals > textEquals > textContains > contentDescContains > role. Copy ids and labels ' +
  "from a fresh `snapshot` (attribute values there are XML-escaped: match text holding & or ' with a ...Contains " +
  'substring that avoids them).';

export const SETTLE_GUIDE =
  'After a click the screen is often still changing: before you snapshot or read, wait for an element of the next ' +
  'screen with `wait`, or use `execute` with a `sleep` action (300-1000 ms) between the click and snapshot_ui.';

export const ONE_AT_A_TIME =
  'Only one execution runs per device at a time: a call for a busy device waits for the running one (up to ' +
  'waitDeviceMs, default 30000 ms), then fails with EXECUTION_CONFLICT_IN_FLIGHT.';

export const RESULT_GUIDE =
  'Result: structuredContent is the run result { ok, deviceId, driver, succeeded, failedStepId?, failedCode?, ' +
  'envelope }. succeeded is true only when every step succeeded; otherwise the call is flagged isError and ' +
  'failedStepId / failedCode name the first failure. A failed step carries its code in stepResults[i].data.error (e.g. NODE_NOT_FOUND) and the ' +
  'envelope is still returned. A failure before the device answered carries structuredContent.error.code (e.g. ' +
  'DEVICE_NOT_FOUND, NO_DEVICES, EXECUTION_CONFLICT_IN_FLIGHT, RESULT_ENVELOPE_TIMEOUT) and a recovery hint: branch ' +
  'on the code, never on the message. Bad arguments are refused with the JSON-RPC error InvalidParams (-32602) ' +
  'whose data carries the svc code (EXECUTION_VALIDATION_FAILED, EXECUTION_VALIDATION_FAILED) and what to fix.';

/** The short form every device tool carries (the full one is in the server instructions). */
export const RESULT_SHORT =
  'Result: the run result { ok, deviceId, driver, succeeded, failedStepId?, failedCode?, envelope }, flagged ' +
  'isError unless every step succeeded. ' +
  'A failed step has its code in envelope.stepResults[i].data.error (e.g. NODE_NOT_FOUND); a failure before the ' +
  'device answered has structuredContent.error.code (e.g. DEVICE_NOT_FOUND) and a hint. Branch on codes, not ' +
  'messages. Bad arguments: JSON-RPC InvalidParams.';

export const TOOLBOX_GUIDE =
  'Device chores besides UI actions: `foreground` (app in front), `screen` and `rotate`, `apps`, `install` / ' +
  "`uninstall`, `logs` (an app's log since a time), `crashes` / `crash` (crashes and ANRs), `clipboard-get` / " +
  '`clipboard-set`, `double-tap`, `long-press`, `swipe`, `location` (emulators), `record-start` / `record-stop` / ' +
  '`record-pull`. Coordinates are always device pixels; a `screenshot` image is scaled down, and its result says ' +
  'the factor that maps image coordinates back to device pixels.';

export const SERVER_INSTRUCTIONS = [
  'svc drives an Android device: through its operator app where installed, else with adb shell tools alone (the ' +
    'run result says which driver ran). Typical loop: `devices` (pick a serial when several are ' +
    'connected) -> `snapshot` (read the UI tree) -> act (`click`, `type`, `scroll-until`, `open`, `press-key`) -> ' +
    '`wait` for the next screen -> `snapshot` or `read` to verify. Use `execute` to send several actions as one ' +
    'execution (1 to 50 actions, one result envelope). `doctor` diagnoses a setup that does not answer.',
  SELECTOR_GUIDE,
  SETTLE_GUIDE,
  ONE_AT_A_TIME,
  TOOLBOX_GUIDE,
  RESULT_GUIDE,
].join('\n\n');

/** A device tool's description: what it does, then the shared rules that apply to it. */
export function deviceToolDescription(what: string, ...extra: string[]): string {
  return [what, ...extra, ONE_AT_A_TIME, RESULT_SHORT].join('\n\n');
}
