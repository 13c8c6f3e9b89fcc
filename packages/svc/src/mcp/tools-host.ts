// Tools that run on the host: devices and skills (list, search, run). They call the same use cases as the CLI and
// HTTP routes; their failures (ADB_NOT_FOUND, SKILL_NOT_FOUND, REGISTRY_READ_FAILED, ...) are isError results.
import type { SilentServer } from '../contracts/adb-servers.ts';
import { errorBodyOf } from '../contracts/errors.ts';
import { targetSerial } from '../devices/target-serial.ts';
import { hasAnyFilter, searchSkills } from '../skills/find-skills.ts';
import { loadRegistry } from '../skills/registry.ts';
import { MAX_SKILL_TIMEOUT_MS } from '../skills/run-input.ts';
import { runSkill } from '../skills/run-skill.ts';
import { targetOfCall } from './run-on-device.ts';
import { deviceIdSchema, driverSchema, objectSchema, operatorPackageSchema } from './schema-parts.ts';
import { checkArguments, errorResult, int, okResult, str, type ToolDef } from './tool-kit.ts';

const devices: ToolDef = {
  name: 'devices',
  description: 'The connected devices: serial (deviceId), state, model, driver.',
  inputSchema: objectSchema({ operatorPackage: operatorPackageSchema }),
  annotations: { readOnlyHint: true },
  run: async (args, runtime) => {
    const target = checkArguments(() => targetOfCall(args, runtime));
    const [{ createContext }, { listDevicesWithDriver }] = await Promise.all([
      import('../core/context.ts'),
      import('../executions/devices-with-driver.ts'),
    ]);
    const ctx = createContext({ env: runtime.env, cwd: runtime.cwd });
    try {
      const silent: SilentServer[] = [];
      const list = await listDevicesWithDriver(ctx, target, (server) => silent.push(server));
      // A silent server of several: its devices are missing, and the agent is told which and what to do.
      return okResult({ ok: true, devices: list, count: list.length, ...(silent.length ? { silent } : {}) });
    } catch (error) {
      return errorResult(errorBodyOf(error));
    } finally {
      await ctx.close();
    }
  },
};

const filter = { type: 'string' };

/** The registry's skills, all of them or those the filters pick (one tool: a list is a search without filters). */
const skills: ToolDef = {
  name: 'skills',
  description: 'The skills (packaged scripts for an app) of the registry; app, intent and keyword filter them.',
  inputSchema: objectSchema({ app: filter, intent: filter, keyword: filter }),
  annotations: { readOnlyHint: true },
  run: async (args, runtime) => {
    const filters = { app: str(args, 'app'), intent: str(args, 'intent'), keyword: str(args, 'keyword') };
    try {
      const registry = await loadRegistry(runtime.env);
      const found = hasAnyFilter(filters) ? searchSkills(registry, filters, { keywordOverApp: true }) : registry.skills;
      return okResult({ ok: true, skills: found, count: found.length });
    } catch (error) {
      return errorResult(errorBodyOf(error));
    }
  },
};

const skillsRun: ToolDef = {
  name: 'skills-run',
  description:
    'Run a skill script on the device with `args`; its output; expectContains: fail unless the output has it.',
  inputSchema: objectSchema(
    {
      skillId: { type: 'string' },
      args: { type: 'array', items: { type: 'string' } },
      timeoutMs: { type: 'integer', minimum: 1, maximum: MAX_SKILL_TIMEOUT_MS },
      expectContains: { type: 'string' },
      deviceId: deviceIdSchema,
      operatorPackage: operatorPackageSchema,
      driver: driverSchema,
    },
    ['skillId'],
  ),
  run: async (args, runtime) => {
    try {
      const registry = await loadRegistry(runtime.env);
      const target = checkArguments(() => targetOfCall(args, runtime));
      const result = await runSkill(registry, {
        skillId: String(args.skillId),
        serial: await targetSerial(runtime.env, target),
        target,
        args: Array.isArray(args.args) ? args.args.map(String) : [],
        timeoutMs: int(args, 'timeoutMs'),
        expectContains: str(args, 'expectContains'),
        env: runtime.env,
      });
      return okResult({ ...result });
    } catch (error) {
      return errorResult(errorBodyOf(error));
    }
  },
};

export function hostTools(): ToolDef[] {
  return [devices, skills, skillsRun];
}
