// Whether the soft keyboard covers the screen, from `dumpsys input_method`. Two flags, both needed (appium-adb
// keyboard-commands since appium/appium-adb#59: hideKeyboard acts only when `mInputShown` is true, and closes the
// keyboard only when `mIsInputViewShown` is true too):
// - `mInputShown` (the input method manager's part of the dump) is true while an input method is shown, also one with
//   no view (a hardware keyboard attached, Appium's UnicodeIME: appium/appium-adb#56), where nothing covers the app
//   and BACK would navigate it away;
// - `mIsInputViewShown` (the input method's own part) says whether its view was shown, and stays true after the
//   keyboard hides: InputMethodService.hideWindow does not reset it. A real Motorola dump (Android 9, Gboard) has
//   `mInputShown=false`, `mWindowVisible=false` and `mIsInputViewShown=true` with no keyboard on screen
//   (test/fixtures/real-dumpsys/input-method-motorola-api28.txt), so that flag alone would close a keyboard that is
//   not there, by BACK.
// The driver asks on the device, in the shell line of the gesture (one round trip), with the same two marks.

/** Printed by the input method manager while an input method is shown. */
export const INPUT_SHOWN = 'mInputShown=true';
/** Printed by the input method itself once its input view has been shown (not reset when it hides). */
export const INPUT_VIEW_SHOWN = 'mIsInputViewShown=true';

/** The keyboard covers the screen: both marks are in the dump (what the device-side line tests with grep). */
export function keyboardCovers(dump: string): boolean {
  return dump.includes(INPUT_SHOWN) && dump.includes(INPUT_VIEW_SHOWN);
}

/**
 * A shell line that prints `up` when the keyboard covers the screen and runs `otherwise` when it does not: a simple
 * and-or list (every device shell runs it, Android 5's included). The second `dumpsys` runs only while an input
 * method is shown. dumpsys's own complaints go nowhere: "Can't find service: input_method" (a service not running)
 * means no keyboard is known to cover anything, and it must not read as the outcome of `otherwise`.
 */
export function keyboardCheckLine(up: string, otherwise: string): string {
  const has = (mark: string) => `dumpsys input_method 2>/dev/null | grep -q '${mark}'`;
  return `${has(INPUT_SHOWN)} && ${has(INPUT_VIEW_SHOWN)} && echo ${up} || ${otherwise}`;
}
