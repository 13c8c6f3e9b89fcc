// What the adb driver cannot do, or does less well, than the operator app: said by `svc doctor`, the README and
// docs/adb-driver.md in these words.
/** The one limitation that installing svc's Unicode keyboard lifts (the doctor leaves it out once it is installed). */
export const KEYBOARD_LIMITATION =
  "typing text beyond printable ASCII needs svc's Unicode keyboard, installed once with `svc keyboard install` (without it such text is refused with TEXT_NOT_TYPABLE)";

export const ADB_DRIVER_LIMITATIONS: readonly string[] = [
  'no on-screen log panel: set_on_screen_log is refused with ON_SCREEN_LOG_SERVICE_UNAVAILABLE (clearing succeeds)',
  KEYBOARD_LIMITATION,
  'clickType focus works on text fields only (FOCUS_UNSUPPORTED otherwise)',
  'each screen read is a uiautomator dump: about 1-2 s on a phone, against milliseconds for the operator',
  'scrolling cannot tell a list that refuses to move from its end (it reports EDGE_REACHED for both)',
  'press_key back and recents cannot be confirmed (the device gives no answer to a key event)',
];
