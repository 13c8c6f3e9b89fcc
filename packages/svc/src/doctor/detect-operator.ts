// Which operator the doctor checks when the user named none. A user who installed the published Clawperator operator
// never names its package, and `auto` drives it; so the doctor checks it too: when svc's default package is not
// installed and an operator of another brand is (its service on first, else the first installed, in table order), that
// one. The other build of the same brand stays a variant mismatch the user resolves (readiness.apk.presence).
import { KNOWN_OPERATOR_PACKAGES, knownVariantOf } from '../contracts/operator-variants.ts';
import type { SvcContext } from '../core/context.ts';
import { findOperator } from '../executions/choose-driver.ts';

export async function doctorPackage(ctx: SvcContext, serial: string, defaultPackage: string): Promise<string> {
  const seen = await findOperator(ctx, serial, KNOWN_OPERATOR_PACKAGES).catch(() => []);
  if (seen.some((s) => s.pkg === defaultPackage)) return defaultPackage;
  const brand = knownVariantOf(defaultPackage)?.brand;
  const others = seen.filter((s) => knownVariantOf(s.pkg)?.brand !== brand);
  return (others.find((s) => s.answers) ?? others[0])?.pkg ?? defaultPackage;
}
