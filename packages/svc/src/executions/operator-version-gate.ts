// The published operator's supported versions, held at run time (not only by doctor). Its wire and behaviour are
// known for the range svc was checked against (0.5.0–0.5.3); a later Clawperator changed both, so driving it would
// misread its answers. One `dumpsys package` per device and package, kept for the life of the context (a daemon keeps
// it between calls) and dropped with the driver choice after svc installs or removes an app.
import { quoteShellArg } from '../contracts/dispatch.ts';
import { SvcError } from '../contracts/errors.ts';
import { apkAdvice, inSupportedRange, supportedRange } from '../contracts/operator-apk.ts';
import type { SvcContext } from '../core/context.ts';

const VERSIONS = Symbol('operator versionName per device and package');

/** `undefined`: dumpsys gave no versionName (the check cannot judge, so it lets the run go). */
type Seen = { versionName: string | undefined };
type Versions = Map<string, Seen> & { close?(): Promise<void> };
const versionsOf = (ctx: SvcContext): Versions => ctx.shared(VERSIONS, () => new Map() as Versions);

/** How users accept the risk of an operator outside the range, in the words of each way in. */
export const ALLOW_UNTESTED_HINT =
  'To drive it anyway, at your own risk: --allow-untested-operator (HTTP and MCP: allowUntestedOperator: true; or SVC_ALLOW_UNTESTED_OPERATOR=1).';

export interface VersionVerdict {
  ok: boolean;
  versionName?: string;
  range?: string;
}

/** Whether the installed `pkg` is inside svc's supported range (always ok for svc's own, which has no fixed range). */
export async function operatorVersionVerdict(ctx: SvcContext, serial: string, pkg: string): Promise<VersionVerdict> {
  const range = supportedRange(pkg);
  if (range === undefined) return { ok: true };
  const cache = versionsOf(ctx);
  const key = `${serial}\n${pkg}`;
  let seen = cache.get(key);
  if (seen === undefined) {
    const out = await ctx.adb.shell(serial, `dumpsys package ${quoteShellArg(pkg)}`);
    // The first package section's versionName (dumpsys lists the package once; a hidden system copy follows it).
    seen = { versionName: /^\s+versionName=(.*)$/m.exec(out.stdout)?.[1]?.trim() || undefined };
    cache.set(key, seen);
  }
  if (seen.versionName === undefined) return { ok: true, range };
  return { ok: inSupportedRange(pkg, seen.versionName) === 'in', versionName: seen.versionName, range };
}

export function forgetOperatorVersions(ctx: SvcContext, serial: string): void {
  const cache = versionsOf(ctx);
  for (const key of cache.keys()) if (key.startsWith(`${serial}\n`)) cache.delete(key);
}

/** VERSION_INCOMPATIBLE for `--driver operator` with an operator outside the range. */
export function versionIncompatible(serial: string, pkg: string, verdict: VersionVerdict): SvcError {
  return new SvcError(
    'VERSION_INCOMPATIBLE',
    `The operator ${pkg} ${verdict.versionName} on ${serial} is outside the versions svc supports (${verdict.range}).`,
    {
      deviceId: serial,
      operatorPackage: pkg,
      operatorVersion: verdict.versionName,
      supportedRange: verdict.range,
    },
    `Install a supported one: ${apkAdvice(pkg)}. Or drive the device without it: --driver adb. ${ALLOW_UNTESTED_HINT}`,
  );
}
