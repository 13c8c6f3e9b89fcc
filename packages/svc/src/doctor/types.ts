// The doctor report of SPEC 2.11 (public shape, what `--json`, HTTP and MCP return) and the internal check result,
// whose shell fix steps also carry the argv that `--fix` runs (never a host shell: DR-4).
import type { Target } from '../executions/target.ts';

export type CheckStatus = 'pass' | 'warn' | 'fail';
export type FixPlatform = 'mac' | 'linux' | 'win' | 'any';

export interface FixStep {
  kind: 'shell' | 'manual';
  value: string;
}

export interface CheckFix {
  title: string;
  platform: FixPlatform;
  steps: FixStep[];
}

export interface DeviceGuidance {
  screen: string;
  steps: string[];
}

export interface DoctorCheck {
  id: string;
  status: CheckStatus;
  code?: string;
  summary: string;
  detail?: string;
  fix?: CheckFix;
  deviceGuidance?: DeviceGuidance;
  evidence?: Record<string, unknown>;
}

/** One shell fix step run by `--fix` (DR-5: an additive report field, so the user sees what ran). */
export interface FixRun {
  checkId: string;
  value: string;
  ok: boolean;
  exitCode: number;
}

export interface DoctorReport {
  ok: boolean;
  criticalOk: boolean;
  deviceId?: string;
  operatorPackage?: string;
  checks: DoctorCheck[];
  nextActions?: string[];
  fixesRun?: FixRun[];
}

export interface DoctorOptions {
  /** The device (else the only connected one), operator package and driver, resolved by the one target rule. */
  target: Target;
  /** Run shell fix steps best-effort during finalization. */
  fix?: boolean | undefined;
  /** Add Java, build, install, launch and smoke checks. */
  full?: boolean | undefined;
}

/** What a shell step runs: an adb invocation (server flags added from env) or this CLI's own entry. */
export type StepCommand = { program: 'adb'; args: string[] } | { program: 'svc'; args: string[] };

export type InternalStep = { kind: 'manual'; value: string } | { kind: 'shell'; value: string; run: StepCommand };

export interface InternalFix extends Omit<CheckFix, 'steps'> {
  steps: InternalStep[];
}

/** A check as the runner builds it; `toPublicCheck` drops the argv of shell steps. */
export interface CheckResult extends Omit<DoctorCheck, 'fix'> {
  fix?: InternalFix;
}
