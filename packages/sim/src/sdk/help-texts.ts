// The help the real SDK tools print (abridged to the commands svc uses), so a person poking at a fake SDK sees
// what they would see with the real one.

export const EMULATOR_HELP = `Android Emulator usage: emulator [options] [-qemu args]
  options:
    -list-avds                     list available AVDs
    -port <port>                   TCP port that will be used for the console
    -no-snapshot-save              do not auto-save to snapshot on exit
    -no-boot-anim                  disable animation for faster boot
    -read-only                     allow running multiple instances of the same AVD
    -avd <name>                    use a specific android virtual device
    @<name>                        same as '-avd <name>'
`;

export const AVDMANAGER_HELP = `
Usage:
      avdmanager [global options] [action] [action options]
      Global options:
  -s --silent     : Silent mode, shows errors only.
  -v --verbose    : Verbose mode, shows errors, warnings and all messages.
  -h --help       : Help on a specific command.

Valid actions are composed of a verb and an optional direct object:
-   list              : Lists existing targets or virtual devices.
-   list avd          : Lists existing Android Virtual Devices.
-   create avd        : Creates a new Android Virtual Device.
-   delete avd        : Deletes an Android Virtual Device.
`;

export const SDKMANAGER_HELP = `Usage:
  sdkmanager [--uninstall] [<common args>] [--package_file=<file>] [<packages>...]
  sdkmanager --update [<common args>]
  sdkmanager --list [<common args>]
  sdkmanager --list_installed [<common args>]
  sdkmanager --licenses [<common args>]
  sdkmanager --version

With --install: installs or updates packages.
    By default, the listed packages are installed or (if already installed)
    updated to the latest version.
`;

export const SDKMANAGER_VERSION = '12.0\n';
