// The doctor as a tool: the same runDoctor use case as `svc doctor --json`, the SPEC 2.11 report as structured
// content. Like the CLI's exit code, the result is flagged isError when a critical check failed (criticalOk false).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorBodyOf } from '../contracts/errors.ts';
import { targetOfCall } from './run-on-device.ts';
import { deviceIdSchema, driverSchema, objectSchema, operatorPackageSchema } from './schema-parts.ts';
import { checkArguments, errorResult, okResult, type ToolDef } from './tool-kit.ts';

interface ReportLike {
  criticalOk: boolean;
  checks: { id: string; status: string; code?: string; summary: string }[];
  nextActions?: string[];
}

function headline(report: ReportLike): string {
  const bad = report.checks.filter((check) => check.status !== 'pass');
  const lines = bad.map(
    (check) => `${check.status} ${check.id}${check.code ? ` ${check.code}` : ''}: ${check.summary}`,
  );
  const verdict = report.criticalOk ? 'doctor: no critical failure' : 'doctor: a critical check failed';
  return [verdict, ...lines, ...(report.nextActions ?? []).map((action) => `next: ${action}`)].join('\n');
}

export const doctorTool: ToolDef = {
  name: 'doctor',
  description: 'Check host, adb, device and driver, saying how to fix what fails; `fix` runs the fixes it can.',
  inputSchema: objectSchema({
    deviceId: deviceIdSchema,
    operatorPackage: operatorPackageSchema,
    driver: driverSchema,
    full: { type: 'boolean' },
    fix: { type: 'boolean' },
  }),
  run: async (args, runtime): Promise<CallToolResult> => {
    const [{ createContext }, { runDoctor }] = await Promise.all([
      import('../core/context.ts'),
      import('../doctor/run-doctor.ts'),
    ]);
    const ctx = createContext({ env: runtime.env, cwd: runtime.cwd });
    try {
      const report = await runDoctor(ctx, {
        target: checkArguments(() => targetOfCall(args, runtime)),
        fix: args.fix === true,
        full: args.full === true,
      });
      const result = okResult({ ...report }, []);
      result.content.unshift({ type: 'text', text: headline(report) });
      return { ...result, isError: !report.criticalOk };
    } catch (error) {
      return errorResult(errorBodyOf(error));
    } finally {
      await ctx.close();
    }
  },
};
