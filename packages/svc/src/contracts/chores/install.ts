// Installing an APK from this computer, and uninstalling an app with its data.
import { str } from '../fields.ts';
import { packageName } from './chore-fields.ts';
import { defineChore } from './define.ts';

export const install = defineChore({
  name: 'install',
  title: 'Install an APK',
  brief: 'Install or update an APK from this computer.',
  description:
    'Install (or update, keeping data) an APK file from this computer: apk is its path (from a server: a file in ' +
    'the APK folder its user named, else PATH_FORBIDDEN). Fails with APK_NOT_FOUND when there is no such file, ' +
    'INSTALL_FAILED with the package manager reason (details.reason, e.g. INSTALL_FAILED_UPDATE_INCOMPATIBLE) when ' +
    'the device refuses it.',
  params: { fields: { apk: str('nonBlank') }, required: ['apk'] },
  nature: 'act',
  locksDevice: true,
  cli: {
    verb: 'install',
    description: 'install an APK',
    examples: ['svc install app-debug.apk'],
    inputs: [{ kind: 'argument', name: 'apk', param: 'apk', help: 'Path of the APK file on this computer' }],
  },
  example: { apk: 'app-debug.apk' },
});

export const uninstall = defineChore({
  name: 'uninstall',
  title: 'Uninstall an app',
  brief: 'Uninstall an app and its data.',
  description:
    'Uninstall an app by package name, with its data. Fails with APP_NOT_INSTALLED when the package is not on ' +
    'the device, UNINSTALL_FAILED (details.reason) when the device refuses (system apps). An updated system ' +
    'app loses only its updates: uninstalled: false, resetToFactory: true (the factory version stays).',
  params: { fields: { package: packageName }, required: ['package'] },
  nature: 'act',
  destructive: true,
  locksDevice: true,
  cli: {
    verb: 'uninstall',
    description: 'uninstall an app',
    examples: ['svc uninstall com.example.app'],
    inputs: [{ kind: 'argument', name: 'package', param: 'package', help: 'Package name, e.g. com.example.app' }],
  },
  example: { package: 'com.example.app' },
});
