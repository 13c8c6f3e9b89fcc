// Finalization of a doctor run (SPEC 4.6): criticalOk/ok, `--fix` (shell steps best-effort, argv only) and the
// nextActions list in the spec's order, deduplicated.

import { adbServerArgs } from '../adapters/adb/adb-binary.ts';
import type { SvcContext } from '../core/context.ts';
import { CLI_ENTRY_PATH } from '../core/package-root.ts';
import { adbBinaryName } from './checks/host.ts';
import type { CheckResult, DoctorCheck, DoctorReport, FixRun, StepCommand } from './types.ts';

/** Whether svc can drive the device with adb alone (checks/adb-driver.ts). */
export const ADB_DRIVER_CHECK = 'readiness.driver.adb';

const CRITICAL_PREFIXES = [
  'host.node.version',
  'host.adb.presence',
  'host.adb.server',
  'host.java.version',
  'device.discovery',
  'device.capability',
  'build.android.assemble',
  'build.android.install',
  'build.android.launch',
  'readiness.apk.presence',
  'readiness.version.compatibility',
  ADB_DRIVER_CHECK,
  'readiness.handshake',
  'readiness.smoke',
];

export const isCritical = (id: string) => CRITICAL_PREFIXES.some((prefix) => id.startsWith(prefix));

/** SPEC 3.7: only a critical check that fails halts the run. */
export const halts = (check: CheckResult) => check.status === 'fail' && isCritical(check.id);

const FIX_TIMEOUT_MS = 60_000;

async function runStep(ctx: SvcContext, command: StepCommand): Promise<number> {
  try {
    if (command.program === 'svc') {
      const out = await ctx.processes.run(process.execPath, [CLI_ENTRY_PATH, ...command.args], {
        env: ctx.env,
        timeoutMs: FIX_TIMEOUT_MS,
      });
      return out.code;
    }
    const adb = await ctx.processes.which(adbBinaryName(ctx.env), ctx.env);
    if (adb === undefined) return -1;
    const out = await ctx.processes.run(adb, [...adbServerArgs(ctx.env), ...command.args], {
      env: ctx.env,
      timeoutMs: FIX_TIMEOUT_MS,
    });
    return out.code;
  } catch {
    return -1; // best-effort: a step that cannot even start is recorded as failed and the run goes on
  }
}

export function toPublicCheck(check: CheckResult): DoctorCheck {
  if (check.fix === undefined) return check as DoctorCheck;
  const steps = check.fix.steps.map(({ kind, value }) => ({ kind, value }));
  return { ...check, fix: { ...check.fix, steps } };
}

export async function finalize(
  ctx: SvcContext,
  checks: CheckResult[],
  target: { deviceId?: string | undefined; operatorPackage?: string | undefined },
  runFixes: boolean,
): Promise<DoctorReport> {
  const criticalOk = !checks.some(halts);
  const nextActions: string[] = [];
  const fixesRun: FixRun[] = [];
  if (checks.every((c) => c.status === 'pass')) {
    nextActions.push(`Try: svc snapshot --device ${target.deviceId ?? '<device-serial>'}`);
  }
  const failing = checks.filter((c) => c.status !== 'pass');
  for (const check of failing) {
    for (const step of check.fix?.steps ?? []) {
      if (step.kind === 'shell' && runFixes) {
        if (fixesRun.some((done) => done.value === step.value)) continue;
        const exitCode = await runStep(ctx, step.run);
        fixesRun.push({ checkId: check.id, value: step.value, ok: exitCode === 0, exitCode });
      } else {
        nextActions.push(step.value);
      }
    }
  }
  for (const check of failing) {
    if (check.deviceGuidance)
      nextActions.push(`On device, open ${check.deviceGuidance.screen} and follow the listed steps.`);
  }
  return {
    ok: criticalOk,
    criticalOk,
    ...(target.deviceId === undefined ? {} : { deviceId: target.deviceId }),
    ...(target.operatorPackage === undefined ? {} : { operatorPackage: target.operatorPackage }),
    checks: checks.map(toPublicCheck),
    nextActions: [...new Set(nextActions)],
    ...(runFixes ? { fixesRun } : {}),
  };
}
