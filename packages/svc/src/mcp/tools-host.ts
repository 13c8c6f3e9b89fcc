// Tools that run on the host: devices and skills (list, search, run). They call the same use cases as the CLI and
// HTTP routes; their failures (ADB_NOT_FOUND, SKILL_NOT_FOUND, REGISTRY_READ_FAILED, ...) are isError results.
import { errorBodyOf, SvcError } from '../contracts/errors.ts';
import { targetSerial } from '../devices/target-serial.ts';
import { hasAnyFilter, searchSkills } from '../skills/find-skills.ts';
import { loadRegistry } from '../skills/registry.ts';
import { runSkill } from '../skills/run-skill.ts';
import { targetOfCall } from './run-on-device.ts';
import { deviceIdSchema, driverSchema, objectSchema, operatorPackageSchema } from './schema-parts.ts';
import { checkArguments, errorResult, int, okResult, str, type ToolDef } from './tool-kit.ts';

const devices: ToolDef = {
  name: 'devices',
  title: 'List connected devices',
  description:
    'List the devices the adb server sees as { serial, state, driver?, product?, model?, device? }. Only state "device" can run executions ' +
    '("unauthorized": accept the USB debugging prompt; "offline": reconnect); driver is what driver "auto" uses ' +
    'there: "operator" where the operator app answers, else "adb". Pass a serial as deviceId to the device tools ' +
    'when more than one is connected (else they fail with MULTIPLE_DEVICES_DEVICE_ID_REQUIRED).',
  inputSchema: objectSchema({ operatorPackage: operatorPackageSchema }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, runtime) => {
    const target = checkArguments(() => targetOfCall(args, runtime));
    const [{ createContext }, { listDevicesWithDriver }] = await Promise.all([
      import('../core/context.ts'),
      import('../devices/devices-with-driver.ts'),
    ]);
    const ctx = createContext({ env: runtime.env, cwd: runtime.cwd });
    try {
      const list = await listDevicesWithDriver(ctx, target);
      return okResult({ ok: true, devices: list, count: list.length });
    } catch (error) {
      return errorResult(errorBodyOf(error));
    } finally {
      await ctx.close();
    }
  },
};

const SKILLS_NOTE =
  'Skills are packaged scripts from the skills registry (SVC_SKILLS_REGISTRY, or the checkout of `svc skills install`).';

const skillsList: ToolDef = {
  name: 'skills-list',
  title: 'List skills',
  description: `List every skill of the registry: { ok, skills: [{ id, applicationId, intent, summary, ... }], count }. ${SKILLS_NOTE}`,
  inputSchema: objectSchema({}),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (_args, runtime) => {
    try {
      const registry = await loadRegistry(runtime.env);
      return okResult({ ok: true, skills: registry.skills, count: registry.skills.length });
    } catch (error) {
      return errorResult(errorBodyOf(error));
    }
  },
};

const filter = (description: string) => ({ type: 'string', minLength: 1, description });

const skillsSearch: ToolDef = {
  name: 'skills-search',
  title: 'Search skills',
  description:
    'Find skills by `app` (exact applicationId), `intent` (exact) and/or `keyword` (case-insensitive substring of ' +
    `the id, summary or applicationId); give at least one, all given must match. ${SKILLS_NOTE}`,
  inputSchema: objectSchema({
    app: filter('Exact applicationId, e.g. com.android.settings'),
    intent: filter('Exact intent name'),
    keyword: filter('Substring of id, summary or applicationId'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, runtime) => {
    const filters = { app: str(args, 'app'), intent: str(args, 'intent'), keyword: str(args, 'keyword') };
    checkArguments(() => {
      if (!hasAnyFilter(filters)) {
        throw new SvcError(
          'EXECUTION_VALIDATION_FAILED',
          'skills-search needs at least one of app, intent or keyword',
          {
            path: 'arguments',
          },
        );
      }
    });
    try {
      const skills = searchSkills(await loadRegistry(runtime.env), filters, { keywordOverApp: true });
      return okResult({ ok: true, skills, count: skills.length });
    } catch (error) {
      return errorResult(errorBodyOf(error));
    }
  },
};

const skillsRun: ToolDef = {
  name: 'skills-run',
  title: 'Run a skill',
  description:
    'Run a skill script: the device serial (deviceId, else the only device) is its first argument, then `args`. ' +
    'Success: { ok, skillId, output, skillResult, exitCode, durationMs, timeoutMs }. Failures carry SKILL_NOT_FOUND, SKILL_EXECUTION_FAILED ' +
    '(non-zero exit or timeout; stdout/stderr in details), SKILL_OUTPUT_ASSERTION_FAILED (expectContains missing) ' +
    'or SKILL_RESULT_PARSE_FAILED. A skill drives the device itself: do not run other device tools on that device ' +
    `meanwhile. ${SKILLS_NOTE}`,
  inputSchema: objectSchema(
    {
      skillId: { type: 'string', minLength: 1, description: 'Skill id from skills-list or skills-search' },
      deviceId: deviceIdSchema,
      operatorPackage: operatorPackageSchema,
      driver: driverSchema,
      args: { type: 'array', items: { type: 'string' }, description: 'Extra script arguments' },
      timeoutMs: { type: 'integer', minimum: 1, description: 'Kill the script after this long (default 120000)' },
      expectContains: { type: 'string', description: 'Fail unless the output contains this text' },
    },
    ['skillId'],
  ),
  annotations: { destructiveHint: true, openWorldHint: true },
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
  return [devices, skillsList, skillsSearch, skillsRun];
}
