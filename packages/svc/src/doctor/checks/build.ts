// The `--full` checks of SPEC 4.5 steps 2 and 5: host.java.version, build.android.assemble, build.android.install,
// build.android.launch. There is no operator app project in this repo: the build checks run the project's Gradle
// wrapper only when SVC_OPERATOR_PROJECT names a checkout, and say so plainly (a warn) when none is set (DR-2).
import { join } from 'node:path';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { launcherComponent } from '../../contracts/operator-variants.ts';
import type { SvcContext } from '../../core/context.ts';
import { displayWord, fix, manual, operatorInstallSteps } from '../fixes.ts';
import type { CheckResult } from '../types.ts';

const SUPPORTED_JAVA = [17, 21];
const GRADLE_TIMEOUT_MS = 15 * 60_000;
export const PROJECT_ENV = 'SVC_OPERATOR_PROJECT';

/** `java -version` prints `openjdk version "17.0.15" ...` (or `"1.8.0_292"`) on stderr. */
export function parseJavaMajor(text: string): number | undefined {
  const version = /version "([^"]+)"/.exec(text)?.[1];
  if (version === undefined) return undefined;
  const [first, second] = version.split(/[.+_-]/).map(Number);
  return first === 1 ? second : first;
}

export async function checkJava(ctx: SvcContext): Promise<CheckResult> {
  const id = 'host.java.version';
  const javaHome = ctx.env.JAVA_HOME?.trim();
  const wanted = javaHome ? join(javaHome, 'bin', 'java') : 'java';
  const install = fix('Install Java 17 or 21', [
    manual('Install a JDK 17 or 21 (for example Temurin) and put it on PATH, or set JAVA_HOME to it'),
  ]);
  const path = await ctx.processes.which(wanted, ctx.env);
  const out = path
    ? await ctx.processes.run(path, ['-version'], { env: ctx.env, timeoutMs: 30_000 }).catch(() => undefined)
    : undefined;
  const major = out ? parseJavaMajor(`${out.stderr}\n${out.stdout}`) : undefined;
  if (path === undefined || out === undefined || major === undefined) {
    return {
      id,
      status: 'fail',
      code: 'HOST_DEPENDENCY_MISSING',
      summary: path === undefined ? `Java was not found (${wanted})` : `${path} does not report a version`,
      fix: install,
      evidence: { binary: wanted, ...(path ? { path } : {}) },
    };
  }
  const evidence = { path, javaMajor: major, supported: SUPPORTED_JAVA };
  if (SUPPORTED_JAVA.includes(major)) return { id, status: 'pass', summary: `Java ${major}`, evidence };
  // SPEC 4.6 gives this check "HOST_DEPENDENCY_MISSING or none": Java is present but unsupported → no code (DR-6).
  return {
    id,
    status: 'fail',
    summary: `Java ${major} found; the operator build needs Java 17 or 21`,
    fix: install,
    evidence,
  };
}

const notConfigured = (id: string, task: string): CheckResult => ({
  id,
  status: 'warn',
  code: 'OPERATOR_PROJECT_NOT_CONFIGURED',
  summary: `skipped: no operator app project is configured, so \`${task}\` was not run`,
  detail: `Set ${PROJECT_ENV} to a checkout of the operator app (the folder holding gradlew) to run the build checks.`,
  fix: fix('Point svc at the operator app checkout', [
    manual(`export ${PROJECT_ENV}=<path to the operator app checkout>`),
  ]),
  evidence: { [PROJECT_ENV]: null },
});

async function gradle(
  ctx: SvcContext,
  spec: { id: string; task: string; code: string; serial?: string },
): Promise<CheckResult> {
  const project = ctx.env[PROJECT_ENV]?.trim();
  if (!project) return notConfigured(spec.id, spec.task);
  const gradlew = join(project, 'gradlew');
  const manualRun = manual(`cd ${displayWord(project)} && ./gradlew ${spec.task}`);
  const found = await ctx.processes.which(gradlew, ctx.env);
  if (found === undefined) {
    return {
      id: spec.id,
      status: 'fail',
      code: spec.code,
      summary: `${PROJECT_ENV} (${project}) has no executable gradlew`,
      fix: fix(`Fix ${PROJECT_ENV}`, [manual(`export ${PROJECT_ENV}=<path to the operator app checkout>`)]),
      evidence: { project },
    };
  }
  const env = spec.serial ? { ...ctx.env, ANDROID_SERIAL: spec.serial } : ctx.env;
  const out = await ctx.processes
    .run(found, ['-p', project, spec.task], { env, timeoutMs: GRADLE_TIMEOUT_MS })
    .catch((error: Error) => ({ code: -1, stdout: '', stderr: error.message }));
  const evidence = { project, task: spec.task, exitCode: out.code, ...(spec.serial ? { serial: spec.serial } : {}) };
  if (out.code === 0) return { id: spec.id, status: 'pass', summary: `./gradlew ${spec.task} succeeded`, evidence };
  return {
    id: spec.id,
    status: 'fail',
    code: spec.code,
    summary: `./gradlew ${spec.task} failed (exit ${out.code})`,
    detail: (out.stderr.trim() || out.stdout.trim()).split('\n').slice(-20).join('\n'),
    fix: fix(`Fix the ${spec.task} task`, [manualRun]),
    evidence,
  };
}

export const checkAssemble = (ctx: SvcContext) =>
  gradle(ctx, { id: 'build.android.assemble', task: 'assembleDebug', code: 'ANDROID_BUILD_FAILED' });

export const checkInstall = (ctx: SvcContext, serial: string) =>
  gradle(ctx, { id: 'build.android.install', task: 'installDebug', code: 'ANDROID_INSTALL_FAILED', serial });

/**
 * Starts the operator's launcher activity and waits for the launch (`am start -W`): the one its variant declares
 * (`<pkg>/clawperator.activity.MainActivity` for the published app, `<pkg>/svc.activity.MainActivity` for svc's own).
 */
export async function checkLaunch(ctx: SvcContext, serial: string, pkg: string): Promise<CheckResult> {
  const id = 'build.android.launch';
  const component = launcherComponent(pkg);
  let output = '';
  let exitCode = -1;
  try {
    const out = await ctx.adb.shell(serial, `am start -W -n ${quoteShellArg(component)}`);
    output = `${out.stdout}${out.stderr}`.trim();
    exitCode = out.exitCode;
  } catch (error) {
    output = error instanceof Error ? error.message : String(error);
  }
  const evidence = { component, exitCode };
  if (exitCode === 0 && !/^Error/m.test(output)) {
    return { id, status: 'pass', summary: `${component} launched`, evidence };
  }
  return {
    id,
    status: 'fail',
    code: 'ANDROID_APP_LAUNCH_FAILED',
    summary: `${component} did not launch`,
    detail: output.slice(0, 2000),
    fix: fix('Check the operator install', operatorInstallSteps(serial, pkg)),
    evidence,
  };
}
