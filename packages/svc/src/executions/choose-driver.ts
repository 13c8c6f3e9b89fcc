// Which driver runs an execution on a device. `operator` and `adb` are taken as asked; `auto` is the operator when
// its package is installed and its accessibility service is on (it can answer), else adb. An `auto` decision is
// made once per device and kept for the life of the context (a daemon keeps it between calls); it is asked again
// after svc installs or removes an app on the device, or when the operator turned out to be gone.
import { quoteShellArg } from '../contracts/dispatch.ts';
import { accessibilityComponent } from '../contracts/operator-components.ts';
import type { DriverChoice, DriverName } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import type { Driver } from './driver.ts';
import { DRIVERS } from './drivers/index.ts';

const CHOICES = Symbol('driver chosen per device');

type Choices = Map<string, DriverName> & { close?(): Promise<void> };

const choicesOf = (ctx: SvcContext): Choices => ctx.shared(CHOICES, () => new Map() as Choices);

export interface ChosenDriver {
  driver: Driver;
  /** The operator package was seen installed just now, with this uid (the operator driver need not look again). */
  operatorUid?: number;
}

export async function chooseDriver(
  ctx: SvcContext,
  serial: string,
  operatorPackage: string,
  choice: DriverChoice,
): Promise<ChosenDriver> {
  if (choice !== 'auto') return { driver: driverNamed(choice) };
  const key = `${serial}\n${operatorPackage}`;
  const choices = choicesOf(ctx);
  const known = choices.get(key);
  if (known !== undefined) return { driver: driverNamed(known) };
  const { answers, uid } = await operatorCanAnswer(ctx, serial, operatorPackage);
  const name = answers ? 'operator' : 'adb';
  choices.set(key, name);
  return answers && uid !== undefined ? { driver: driverNamed(name), operatorUid: uid } : { driver: driverNamed(name) };
}

/** Forget the `auto` decisions for a device (after an install or uninstall, or a vanished operator). */
export function forgetDriverChoice(ctx: SvcContext, serial: string): void {
  const choices = choicesOf(ctx);
  for (const key of choices.keys()) if (key.startsWith(`${serial}\n`)) choices.delete(key);
}

function driverNamed(name: DriverName): Driver {
  return DRIVERS[name];
}

/**
 * One shell round trip: is the package installed (`pm list packages` filters by substring, so only the exact line
 * counts; -U adds its uid, which the operator driver trusts result lines by), and is its accessibility service
 * among the enabled ones (without it the operator cannot act).
 */
export async function operatorCanAnswer(
  ctx: SvcContext,
  serial: string,
  operatorPackage: string,
): Promise<{ answers: boolean; uid: number | undefined }> {
  const out = await ctx.adb.shell(
    serial,
    `pm list packages -U ${quoteShellArg(operatorPackage)}; echo; settings get secure enabled_accessibility_services`,
  );
  const lines = out.stdout.split('\n').map((line) => line.trim());
  const listed = lines.find((l) => l === `package:${operatorPackage}` || l.startsWith(`package:${operatorPackage} `));
  if (listed === undefined) return { answers: false, uid: undefined };
  const uidText = /\buid:(\d+)/.exec(listed)?.[1];
  const enabled = lines.at(-1) === '' ? (lines.at(-2) ?? '') : (lines.at(-1) ?? '');
  return {
    answers: enabled.split(':').includes(accessibilityComponent(operatorPackage)),
    uid: uidText === undefined ? undefined : Number(uidText),
  };
}
