// `skills run` and POST /skills/:skillId/run: run a skill's script with the device serial first (always: the
// caller resolves the target, so the only connected device counts too), then the caller's arguments; answer the
// success shape or throw the matching skill error.
import { existsSync } from 'node:fs';
import { nodeProcessRunner, type ProcessRunner } from '../adapters/process/process-runner.ts';
import { SvcError } from '../contracts/errors.ts';
import type { Target } from '../executions/target.ts';
import { getSkill } from './find-skills.ts';
import { StdoutScanner } from './output-capture.ts';
import { runScript } from './process-group.ts';
import { checkTimeoutMs } from './run-input.ts';
import { chooseScript, scriptCommand } from './script-command.ts';
import { scriptEnv } from './script-env.ts';
import { checkEntryPaths, resolveSkillPath, skillFolder } from './skill-paths.ts';
import { svcEntryPath } from './svc-entry.ts';
import type { Env, SkillsRegistry } from './types.ts';

/** SPEC part 8: skill run default timeout. */
export const DEFAULT_SKILL_TIMEOUT_MS = 120_000;

export interface SkillRunRequest {
  skillId: string;
  /** The resolved serial of the target device: the script's first argument, and ANDROID_SERIAL for its svc calls. */
  serial: string;
  target: Pick<Target, 'operatorPackage' | 'driver'>;
  args?: readonly string[];
  timeoutMs?: number | undefined;
  expectContains?: string | undefined;
  env: Env;
  /** Live output (pretty mode), all of it; the result carries the last OUTPUT_CAP_CHARS of each stream. */
  onStdout?: (chunk: string) => void;
  onStderr?: (chunk: string) => void;
  svcBin?: string;
  /** Aborting kills the script's whole process group (the HTTP route passes the request's signal). */
  signal?: AbortSignal | undefined;
  /** Where the script runs (default: this process's runner). */
  processes?: ProcessRunner;
}

export interface SkillRunSuccess {
  ok: true;
  skillId: string;
  output: string;
  skillResult: Record<string, unknown> | null;
  exitCode: 0;
  durationMs: number;
  timeoutMs: number;
  expectedSubstring?: string;
  /** Present (true) only when `output` is the tail of a longer stdout (beyond SPEC 4.2, DECISIONS R-9). */
  outputTruncated?: true;
}

export async function runSkill(registry: SkillsRegistry, request: SkillRunRequest): Promise<SkillRunSuccess> {
  const timeoutMs = request.timeoutMs === undefined ? DEFAULT_SKILL_TIMEOUT_MS : checkTimeoutMs(request.timeoutMs);
  const skill = getSkill(registry, request.skillId);
  const cannotStart = (why: string) =>
    new SvcError('SKILL_EXECUTION_FAILED', `Skill "${skill.id}" ${why}.`, {
      skillId: skill.id,
      exitCode: null,
      stdout: '',
      stderr: '',
      skillResult: null,
      timeoutMs,
    });
  checkEntryPaths(registry, skill);
  const script = chooseScript(skill.scripts);
  if (script === undefined) throw cannotStart('lists no script to run');
  const scriptPath = resolveSkillPath(registry, skill, script, `scripts[${skill.scripts.indexOf(script)}]`);
  if (!existsSync(scriptPath)) throw cannotStart(`has no script at ${script}`);
  const args = [request.serial, ...(request.args ?? [])];
  const command = scriptCommand(scriptPath, args);
  // The frame and the expected substring are read from ALL of stdout as it streams, not from the kept tail.
  const scanner = new StdoutScanner(request.expectContains);
  const onStdout = request.onStdout;
  const run = await runScript(request.processes ?? nodeProcessRunner, command.file, command.args, {
    cwd: skillFolder(registry, skill),
    env: scriptEnv({
      env: request.env,
      skillId: skill.id,
      registryPath: registry.registryPath,
      svcBin: request.svcBin ?? svcEntryPath(),
      target: request.target,
      serial: request.serial,
    }),
    timeoutMs,
    onStdout: (chunk) => {
      scanner.push(chunk);
      onStdout?.(chunk);
    },
    ...(request.onStderr ? { onStderr: request.onStderr } : {}),
    signal: request.signal,
  });
  const frame = scanner.frame();
  const truncated = {
    ...(run.stdoutTruncated ? { stdoutTruncated: true } : {}),
    ...(run.stderrTruncated ? { stderrTruncated: true } : {}),
  };
  const skillResult = frame.found && frame.ok ? frame.skillResult : null;

  if (run.timedOut || run.aborted || run.exitCode !== 0) {
    const why = run.timedOut
      ? `timed out after ${timeoutMs} ms and was killed`
      : run.aborted
        ? 'was cancelled and killed'
        : run.exitCode === null
          ? `could not run or was killed (${run.signal ?? run.stderr.trim()})`
          : `exited with code ${run.exitCode}`;
    throw new SvcError('SKILL_EXECUTION_FAILED', `Skill "${skill.id}" ${why}.`, {
      skillId: skill.id,
      exitCode: run.exitCode,
      stdout: run.stdout,
      stderr: run.stderr,
      skillResult,
      timeoutMs,
      ...truncated,
    });
  }
  if (frame.found && !frame.ok) {
    throw new SvcError(
      'SKILL_RESULT_PARSE_FAILED',
      `Skill "${skill.id}" printed a malformed result frame: ${frame.reason}.`,
      {
        skillId: skill.id,
        stdout: run.stdout,
        skillResult: null,
        ...(run.stdoutTruncated ? { stdoutTruncated: true } : {}),
      },
    );
  }
  const expected = request.expectContains;
  if (!scanner.containsExpected()) {
    throw new SvcError('SKILL_OUTPUT_ASSERTION_FAILED', `Skill "${skill.id}" output does not contain "${expected}".`, {
      skillId: skill.id,
      output: run.stdout,
      expectedSubstring: expected,
      timeoutMs,
      skillResult,
      ...(run.stdoutTruncated ? { outputTruncated: true } : {}),
    });
  }
  return {
    ok: true,
    skillId: skill.id,
    output: run.stdout,
    skillResult,
    exitCode: 0,
    durationMs: run.durationMs,
    timeoutMs,
    ...(expected !== undefined ? { expectedSubstring: expected } : {}),
    ...(run.stdoutTruncated ? { outputTruncated: true as const } : {}),
  };
}
