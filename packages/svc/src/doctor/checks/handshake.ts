// Steps 10 and 11 of SPEC 4.5: readiness.handshake (one doctor_ping execution, 7000 ms wait, OPERATOR-PROTOCOL §5)
// and readiness.smoke (Settings opens and a snapshot_ui step succeeds).
import { randomBytes } from 'node:crypto';
import { codeOf, DEVICE_CODE_ALIASES } from '../../contracts/conditions.ts';
import { errorBodyOf } from '../../contracts/errors.ts';
import type { RunResult, ValidExecution } from '../../contracts/types.ts';
import { buildInternalExecution, normalizeAndValidateExecution } from '../../contracts/validate.ts';
import { RESULT_MARGIN_MS } from '../../core/config.ts';
import type { SvcContext } from '../../core/context.ts';
import { driverNamed } from '../../executions/choose-driver.ts';
import { runLocked } from '../../executions/run-on-device.ts';
import { fix, manual, operatorInstallSteps, svcStep, targetArgs } from '../fixes.ts';
import type { CheckResult } from '../types.ts';

/** SPEC part 8: the doctor handshake waits 7000 ms for the envelope (timeoutMs + the core's result margin). */
export const HANDSHAKE_WAIT_MS = 7000;
const SETTINGS_PACKAGE = 'com.android.settings';

/** 96 random bits, like every commandId svc builds: nothing on the device can guess one to answer for it. */
const ids = (verb: string) => {
  const id = `doctor-${verb}-${Date.now()}-${randomBytes(12).toString('hex')}`;
  return { commandId: id, taskId: id, source: 'svc-doctor' };
};

/** The handshake is a conversation with the operator app, so it always takes the operator driver. */
async function run(ctx: SvcContext, serial: string, pkg: string, execution: ValidExecution): Promise<RunResult> {
  try {
    return await runLocked(ctx, driverNamed('operator'), {
      execution,
      serial,
      operatorPackage: pkg,
      cwd: ctx.cwd,
      verbose: false,
    });
  } catch (error) {
    return { ok: false, error: errorBodyOf(error) };
  }
}

const ACCESSIBILITY_SCREEN = {
  screen: 'Accessibility Settings',
  steps: [
    'Open Settings > Accessibility',
    'Open "Installed apps" (or "Downloaded apps") and choose Operator',
    'Turn the Operator service on and confirm',
  ],
};

export async function checkHandshake(ctx: SvcContext, serial: string, pkg: string): Promise<CheckResult> {
  const id = 'readiness.handshake';
  const execution = buildInternalExecution({
    ...ids('ping'),
    expectedFormat: 'android-ui-automator',
    timeoutMs: HANDSHAKE_WAIT_MS - RESULT_MARGIN_MS,
    actions: [{ id: 'ping', type: 'doctor_ping' }],
  });
  const result = await run(ctx, serial, pkg, execution);
  const grant = svcStep(['grant-device-permissions', ...targetArgs(serial, pkg)]);
  const evidence = { commandId: execution.commandId, waitMs: HANDSHAKE_WAIT_MS };
  if (result.ok && result.envelope.status === 'success') {
    const data = result.envelope.stepResults?.[0]?.data ?? {};
    return {
      id,
      status: 'pass',
      // An answer means its accessibility service runs: without it the operator answers SERVICE_UNAVAILABLE to every
      // command (OperatorCommandReceiver.kt:46-65 @ v0.5.2). doctor_ping's data is the two settings only
      // (UiActionEngine.kt:744-758), no service state.
      summary: 'the operator answered (its accessibility service is running)',
      evidence: { ...evidence, ...data },
    };
  }
  if (result.ok) {
    const envelopeCode = result.envelope.errorCode ?? undefined;
    if (envelopeCode !== undefined && DEVICE_CODE_ALIASES[envelopeCode] === codeOf('operatorServiceOff')) {
      return {
        id,
        status: 'fail',
        code: codeOf('operatorServiceOff'),
        summary: `the accessibility service of ${pkg} is not running`,
        detail: 'The operator received the command but cannot act without its accessibility service.',
        fix: fix('Grant the operator its permissions', [grant]),
        deviceGuidance: ACCESSIBILITY_SCREEN,
        evidence: { ...evidence, envelopeError: result.envelope.error },
      };
    }
    return {
      id,
      status: 'fail',
      ...(envelopeCode ? { code: envelopeCode } : {}),
      summary: `the operator answered the handshake with a failure: ${result.envelope.error ?? 'no reason given'}`,
      fix: fix('Update the operator app', [manual(`svc version --check-compat ${targetArgs(serial, pkg).join(' ')}`)]),
      evidence: { ...evidence, envelopeError: result.envelope.error },
    };
  }
  const { code, message, details } = result.error;
  if (code === codeOf('noEnvelope')) {
    return {
      id,
      status: 'fail',
      code,
      summary: `no answer from ${pkg} within ${HANDSHAKE_WAIT_MS} ms`,
      detail: message,
      fix: fix('Re-grant permissions and look at a snapshot', [
        grant,
        manual(`svc snapshot ${targetArgs(serial, pkg).join(' ')} --timeout 5000 --verbose`),
        manual('Check that the Operator accessibility service is on'),
      ]),
      deviceGuidance: ACCESSIBILITY_SCREEN,
      evidence,
    };
  }
  return {
    id,
    status: 'fail',
    code,
    summary: `the handshake could not be sent: ${message}`,
    fix: fix('Check the connection and the operator', [manual(`svc devices`), ...operatorInstallSteps(serial, pkg)]),
    evidence: { ...evidence, ...(details ?? {}) },
  };
}

/**
 * Android 5 or 6: the operator driver cannot be used there (its results could not be told from forged ones), so no
 * handshake is sent. With `auto` adb drives the device (a warning when an operator is installed); asked for, it fails.
 */
export function operatorNeedsNewerAndroid(serial: string, sdk: number, asked: boolean): CheckResult {
  return {
    id: 'readiness.handshake',
    status: asked ? 'fail' : 'warn',
    code: 'VERSION_INCOMPATIBLE',
    summary: `the operator driver needs Android 7.0 (API 24) or later; this device runs API ${sdk}`,
    detail:
      "Below Android 7.0 the device log cannot tell which app wrote a line, so the operator's results could not be " +
      'told from forged ones. svc drives this device with adb (--driver auto, the default).',
    ...(asked ? { fix: fix('Drive it with adb', [svcStep(['snapshot', '--device', serial, '--driver', 'adb'])]) } : {}),
    evidence: { sdk },
  };
}

export async function checkSmoke(ctx: SvcContext, serial: string, pkg: string): Promise<CheckResult> {
  const id = 'readiness.smoke';
  const outcome = normalizeAndValidateExecution({
    ...ids('smoke'),
    expectedFormat: 'android-ui-automator',
    timeoutMs: 30_000,
    actions: [
      { id: 'open-settings', type: 'open_app', params: { applicationId: SETTINGS_PACKAGE } },
      { id: 'snap', type: 'snapshot_ui' },
    ],
  });
  if (!outcome.ok) throw outcome.error;
  const result = await run(ctx, serial, pkg, outcome.execution);
  const steps = result.ok ? (result.envelope.stepResults ?? []) : [];
  const opened = steps.find((s) => s.id === 'open-settings');
  const snapshot = steps.find((s) => s.id === 'snap');
  const xml = snapshot?.success ? (snapshot.data.text ?? '') : '';
  const showsSettings = xml.includes(`package="${SETTINGS_PACKAGE}"`);
  const evidence = {
    commandId: outcome.execution.commandId,
    openApp: opened ? (opened.success ? 'success' : (opened.data.error ?? 'failed')) : 'not run',
    snapshot: snapshot ? (snapshot.success ? 'success' : (snapshot.data.error ?? 'failed')) : 'not run',
    ...(result.ok ? {} : { error: result.error.code }),
  };
  if (opened?.success && snapshot?.success && showsSettings) {
    return { id, status: 'pass', summary: 'Settings opened and a UI snapshot was taken', evidence };
  }
  return {
    id,
    status: 'fail',
    code: 'SMOKE_OPEN_SETTINGS_FAILED',
    summary: 'opening Settings and taking a UI snapshot failed',
    detail: result.ok
      ? `open_app ${evidence.openApp}, snapshot_ui ${evidence.snapshot}${snapshot?.success && !showsSettings ? ' (Settings is not on screen)' : ''}`
      : `${result.error.code}: ${result.error.message}`,
    fix: fix('Check the device screen', [
      manual(`svc open ${SETTINGS_PACKAGE} ${targetArgs(serial, pkg).join(' ')}`),
      manual(`svc snapshot ${targetArgs(serial, pkg).join(' ')} --output pretty`),
    ]),
    evidence,
  };
}
