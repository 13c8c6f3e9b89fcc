// Which driver runs an execution on a device, and which operator app. `operator` and `adb` are taken as asked;
// `auto` is the operator when its package is installed and its accessibility service is on (it can answer), else
// adb. When nobody named a package, the operator is whichever known variant is installed (svc's own or the published
// Clawperator operator, release or debug build: contracts/operator-variants.ts), one that can answer first. An `auto`
// decision is made once per device and kept for the life of the context (a daemon keeps it between calls); it is
// asked again after svc installs or removes an app on the device, or when the operator turned out to be gone.
// A published operator outside the versions svc supports is refused with VERSION_INCOMPATIBLE for `--driver operator`
// and passed over by `auto` (which then drives with adb), unless the caller accepts the risk (allowUntestedOperator).
import { quoteShellArg } from '../contracts/dispatch.ts';
import { serviceEnabled } from '../contracts/operator-components.ts';
import { KNOWN_OPERATOR_PACKAGES } from '../contracts/operator-variants.ts';
import type { DriverName } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import type { Driver } from './driver.ts';
import { DRIVERS } from './drivers/index.ts';
import { forgetOperatorVersions, operatorVersionVerdict, versionIncompatible } from './operator-version-gate.ts';
import type { Target } from './target.ts';

/** The driver of this name, for a caller that must use one driver whatever `auto` would pick (the doctor's handshake). */
export const driverNamed = (name: DriverName): Driver => DRIVERS[name];

const CHOICES = Symbol('driver chosen per device');

interface Choice {
  name: DriverName;
  operatorPackage: string;
}

type Choices = Map<string, Choice> & { close?(): Promise<void> };

const choicesOf = (ctx: SvcContext): Choices => ctx.shared(CHOICES, () => new Map() as Choices);

export interface ChosenDriver {
  driver: Driver;
  /** The operator package the run addresses (the one named, else the variant found installed). */
  operatorPackage: string;
  /** The operator package was seen installed just now, with this uid (the operator driver need not look again). */
  operatorUid?: number;
}

export type DriverTarget = Pick<
  Target,
  'operatorPackage' | 'operatorPackageSource' | 'driver' | 'allowUntestedOperator'
>;

export async function chooseDriver(ctx: SvcContext, serial: string, target: DriverTarget): Promise<ChosenDriver> {
  const named = target.operatorPackageSource !== 'default';
  if (target.driver === 'adb') return { driver: DRIVERS.adb, operatorPackage: target.operatorPackage };
  const allowed = target.allowUntestedOperator === true;
  if (target.driver === 'operator' && named) {
    await refuseUntested(ctx, serial, target.operatorPackage, allowed);
    return { driver: DRIVERS.operator, operatorPackage: target.operatorPackage };
  }
  const key = `${serial}\n${named ? target.operatorPackage : ''}\n${target.driver}\n${allowed}`;
  const choices = choicesOf(ctx);
  const known = choices.get(key);
  if (known !== undefined) return { driver: DRIVERS[known.name], operatorPackage: known.operatorPackage };
  const found = await findOperator(ctx, serial, named ? [target.operatorPackage] : KNOWN_OPERATOR_PACKAGES);
  // `--driver operator` with no package named: the variant installed, else svc's own (which then reports it missing).
  let answering = found.find((seen) => seen.answers);
  if (target.driver === 'auto' && answering !== undefined && !allowed) {
    // `auto` passes over an operator outside the supported versions: adb drives any phone the same known way.
    if (!(await operatorVersionVerdict(ctx, serial, answering.pkg)).ok) answering = undefined;
  }
  const pick = answering ?? (target.driver === 'operator' ? found[0] : undefined);
  const choice: Choice =
    pick === undefined
      ? { name: target.driver === 'operator' ? 'operator' : 'adb', operatorPackage: target.operatorPackage }
      : { name: target.driver === 'operator' || pick.answers ? 'operator' : 'adb', operatorPackage: pick.pkg };
  if (choice.name === 'operator') await refuseUntested(ctx, serial, choice.operatorPackage, allowed);
  choices.set(key, choice);
  const chosen: ChosenDriver = { driver: DRIVERS[choice.name], operatorPackage: choice.operatorPackage };
  if (choice.name === 'operator' && pick?.uid !== undefined) chosen.operatorUid = pick.uid;
  return chosen;
}

async function refuseUntested(ctx: SvcContext, serial: string, pkg: string, allowed: boolean): Promise<void> {
  if (allowed) return;
  const verdict = await operatorVersionVerdict(ctx, serial, pkg);
  if (!verdict.ok) throw versionIncompatible(serial, pkg, verdict);
}

/** Forget the `auto` decisions for a device (after an install or uninstall, or a vanished operator). */
export function forgetDriverChoice(ctx: SvcContext, serial: string): void {
  forgetOperatorVersions(ctx, serial);
  const choices = choicesOf(ctx);
  for (const key of choices.keys()) if (key.startsWith(`${serial}\n`)) choices.delete(key);
}

export interface OperatorSeen {
  pkg: string;
  /** Its accessibility service is among the enabled ones (without it the operator cannot act). */
  answers: boolean;
  uid: number | undefined;
}

/**
 * The first Android whose logcat names the app that wrote a line (`-v uid`, with `-v epoch`): the operator's result
 * lines can be trusted only there (adapters/adb/logcat.ts), so below it `auto` drives the device with adb.
 */
export const OPERATOR_MIN_SDK = 24;

const SDK = 'getprop ro.build.version.sdk';
const ENABLED_SERVICES = 'echo; settings get secure enabled_accessibility_services';
/** The Android release, which packages are installed (with their uids) and which accessibility services are on. */
export const OPERATOR_DETECTION = `${SDK}; pm list packages -U; ${ENABLED_SERVICES}`;
/**
 * Android 7 and older do not know `pm list packages -U`: they say "Error: Unknown option: -U" and list nothing (on
 * Android 7 with exit status 0, so only the words tell it). Then the plain list is asked for, uids unknown.
 */
const UNKNOWN_UID_OPTION = /Unknown option: -U/;

/**
 * One shell round trip (two on Android 7 and older): which of `packages` are installed (with the uid the operator
 * driver trusts result lines by, where pm tells it) and whether each one's accessibility service is on, in the order
 * of `packages`. An operator on a release older than OPERATOR_MIN_SDK never answers.
 */
export async function findOperator(
  ctx: SvcContext,
  serial: string,
  packages: readonly string[],
): Promise<OperatorSeen[]> {
  const filter = packages.length === 1 ? ` ${quoteShellArg(packages[0] as string)}` : '';
  const out = await ctx.adb.shell(serial, `${SDK}; pm list packages -U${filter}; ${ENABLED_SERVICES}`);
  const lines = out.stdout.split('\n').map((line) => line.trim());
  const enabled = lines.at(-1) === '' ? (lines.at(-2) ?? '') : (lines.at(-1) ?? '');
  const sdk = /^\d+$/.test(lines[0] ?? '') ? Number(lines[0]) : undefined;
  const trusted = sdk === undefined || sdk >= OPERATOR_MIN_SDK;
  const listed = UNKNOWN_UID_OPTION.test(out.stdout + out.stderr)
    ? (await ctx.adb.shell(serial, `pm list packages${filter}`)).stdout.split('\n').map((line) => line.trim())
    : lines;
  const seen: OperatorSeen[] = [];
  for (const pkg of packages) {
    const line = listed.find((l) => l === `package:${pkg}` || l.startsWith(`package:${pkg} `));
    if (line === undefined) continue;
    const uid = /\buid:(\d+)/.exec(line)?.[1];
    seen.push({
      pkg,
      answers: trusted && serviceEnabled(enabled, pkg),
      uid: uid === undefined ? undefined : Number(uid),
    });
  }
  return seen;
}
