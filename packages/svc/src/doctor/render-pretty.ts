// Pretty doctor output (SPEC 4.6): critical checks, advisory checks, a count of the other passed checks, a summary
// line and "Next actions:". A failing or warning check shows summary, detail, fix title, step values, `Docs: <url>`
// and `On device (<screen>):` guidance. Colors only when asked (the CLI asks on a TTY without NO_COLOR).
import { ADB_DRIVER_CHECK, isCritical } from './finalize.ts';
import type { DoctorCheck, DoctorReport } from './types.ts';

export interface RenderOptions {
  colors: boolean;
  /** List the passed checks too, instead of only counting them. */
  verbose?: boolean;
}

export function renderDoctorReport(report: DoctorReport, options: RenderOptions): string {
  const paint = (code: number) => (text: string) => (options.colors ? `\u001b[${code}m${text}\u001b[0m` : text);
  const [red, green, yellow, bold, dim] = [paint(31), paint(32), paint(33), paint(1), paint(2)];
  const mark = (c: DoctorCheck) => (c.status === 'pass' ? green('✓') : c.status === 'warn' ? yellow('!') : red('✗'));
  const head = (c: DoctorCheck) =>
    `  ${mark(c)} ${bold(c.id)}: ${c.summary}${c.code ? ` ${c.status === 'fail' ? red(`[${c.code}]`) : yellow(`[${c.code}]`)}` : ''}`;

  const describe = (c: DoctorCheck): string[] => {
    const lines = [head(c)];
    if (c.detail) lines.push(...c.detail.split('\n').map((l) => `      ${dim(l)}`));
    if (c.fix) {
      lines.push(`      Fix: ${c.fix.title}`);
      for (const step of c.fix.steps) lines.push(`        ${step.kind === 'shell' ? '$' : '-'} ${step.value}`);
    }
    if (c.deviceGuidance) {
      lines.push(`      On device (${c.deviceGuidance.screen}):`);
      c.deviceGuidance.steps.forEach((step, i) => {
        lines.push(`        ${i + 1}. ${step}`);
      });
    }
    return lines;
  };

  const critical = report.checks.filter((c) => c.status !== 'pass' && isCritical(c.id));
  const advisory = report.checks.filter((c) => c.status !== 'pass' && !isCritical(c.id));
  const passedChecks = report.checks.filter((c) => c.status === 'pass');
  const out: string[] = [bold('svc doctor')];
  const target = [
    report.deviceId && `device ${report.deviceId}`,
    report.operatorPackage && `operator ${report.operatorPackage}`,
  ];
  if (target.some(Boolean)) out.push(dim(target.filter(Boolean).join(', ')));
  out.push('');
  if (critical.length > 0) out.push(bold('Critical checks:'), ...critical.flatMap(describe), '');
  if (advisory.length > 0) out.push(bold('Advisory checks:'), ...advisory.flatMap(describe), '');
  if (options.verbose && passedChecks.length > 0) out.push(bold('Passed checks:'), ...passedChecks.map(head), '');
  out.push(
    `${passedChecks.length} ${critical.length + advisory.length > 0 ? 'other ' : ''}check${passedChecks.length === 1 ? '' : 's'} passed.`,
  );
  const failed = report.checks.filter((c) => c.status === 'fail').length;
  const warned = report.checks.filter((c) => c.status === 'warn').length;
  const verdict = report.criticalOk ? green('OK') : red('NOT OK');
  out.push(
    `Summary: ${verdict}: ${report.checks.length} checks, ${passedChecks.length} passed, ${warned} warning${warned === 1 ? '' : 's'}, ${failed} failed.`,
  );
  const adb = report.checks.find((c) => c.id === ADB_DRIVER_CHECK && c.status === 'pass');
  if (adb?.detail) out.push('', `${bold('Driver:')} adb, nothing installed on the device. ${adb.detail}`);
  for (const run of report.fixesRun ?? [])
    out.push(`Fix ${run.ok ? green('ran') : red(`failed (exit ${run.exitCode})`)}: ${run.value}`);
  // --fix always says what it did: the commands it ran (then: rerun to see their effect), or that none applied.
  if (report.fixesRun !== undefined) {
    const allPassed = report.checks.every((check) => check.status === 'pass');
    out.push(
      report.fixesRun.length > 0
        ? '--fix: the checks above were taken before the fixes; run `svc doctor` again to see their effect.'
        : allPassed
          ? '--fix: every check passed; there was nothing to fix.'
          : '--fix: no fix could run by itself here (any steps below are for you to do).',
    );
  }
  if (report.nextActions && report.nextActions.length > 0) {
    out.push('', bold('Next actions:'), ...report.nextActions.map((a) => `  - ${a}`));
  }
  return out.join('\n');
}
