// Installing the keyboard the adb driver types text beyond ASCII with.
import { defineChore } from './define.ts';

// The app's names as device-shell/unicode-keyboard-app.ts holds them (a test checks they agree): the contracts
// import nothing from the layers above them.

export const keyboardInstall = defineChore({
  name: 'keyboard-install',
  title: 'Install the Unicode keyboard',
  brief: 'Install the keyboard that types non-ASCII text over adb.',
  description:
    'Install the keyboard svc types text beyond ASCII with (accents, CJK, emoji) on a phone without the operator ' +
    'app: Appium Settings (io.appium.settings, Apache-2.0) and its input method io.appium.settings/.UnicodeIME, enabled ' +
    'but not selected: svc selects it only while it types and selects your keyboard again after. Once per device.',
  params: { fields: {} },
  nature: 'act',
  locksDevice: true,
  cli: {
    verb: 'install',
    group: 'keyboard',
    description: 'install the Unicode keyboard',
    examples: ['svc keyboard install --device R58M31ABCDE'],
    inputs: [],
  },
  example: {},
});
