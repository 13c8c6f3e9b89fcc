// Shared helpers of the doctor suites: run the use case in-process against a lab (its adb server, its HOME).
import assert from 'node:assert/strict';
import type { Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';
import { runDoctor } from '../src/doctor/run-doctor.ts';
import type { DoctorCheck, DoctorReport } from '../src/doctor/types.ts';
import { resolveTarget } from '../src/submit/target.ts';

/** What the CLI flags of `svc doctor` give (resolved by the one target rule before the use case runs). */
export interface DoctorFlags {
  deviceId?: string;
  operatorPackage?: string;
  fix?: boolean;
  full?: boolean;
}

/** The lab's adb env plus this process's PATH (adb, java), overridable per test. */
export function labEnv(lab: Lab, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { ...lab.env, PATH: process.env.PATH, ...extra };
}

export async function doctor(
  lab: Lab,
  flags: DoctorFlags = {},
  extraEnv: Record<string, string | undefined> = {},
): Promise<DoctorReport> {
  const env = labEnv(lab, extraEnv);
  const ctx = createContext({ env, cwd: lab.home });
  const { deviceId, operatorPackage, ...options } = flags;
  try {
    return await runDoctor(ctx, { ...options, target: resolveTarget({ deviceId, operatorPackage }, env) });
  } finally {
    await ctx.close();
  }
}

export const checkIds = (report: DoctorReport) => report.checks.map((c) => c.id);

export function check(report: DoctorReport, id: string): DoctorCheck {
  const found = report.checks.find((c) => c.id === id);
  assert.ok(found, `no check ${id} in ${checkIds(report).join(', ')}`);
  return found;
}

/** The check ids of a plain (not --full) run that reaches the handshake, in SPEC 4.5 order. */
export const FULL_BASIC_RUN = [
  'host.node.version',
  'host.adb.presence',
  'host.adb.server',
  'device.discovery',
  'device.capability',
  'readiness.apk.presence',
  'readiness.version.compatibility',
  'readiness.settings.dev_options',
  'readiness.settings.usb_debugging',
  'readiness.handshake',
];
