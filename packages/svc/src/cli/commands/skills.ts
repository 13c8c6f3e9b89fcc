// `svc skills list | get | search | compile-artifact | run | install | update | sync | new` (SPEC 4.4, issue 8).
// The registry comes from SVC_SKILLS_REGISTRY (else the checkout `skills install` made); JSON output follows
// DECISIONS 10 (`list`/`search` → { ok, skills, count } like GET /skills). `run` lives in skills-run.ts, the git
// commands in skills-checkout.ts.
import type { Command } from 'commander';
import { single } from '../../builders/flag-values.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SkillEntry } from '../../skills/types.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { printValue } from '../output.ts';
import { bold, dim, table } from '../style.ts';
import { registerSkillsCheckout } from './skills-checkout.ts';
import { registerSkillsRun } from './skills-run.ts';

const registryOf = async () => (await import('../../skills/registry.ts')).loadRegistry(process.env);

function skillsTable(value: { skills: SkillEntry[]; count: number }): string {
  if (value.count === 0) return dim('no skills');
  const rows = value.skills.map((skill) => [skill.id, skill.applicationId, skill.intent, skill.summary]);
  return `${table(['ID', 'APP', 'INTENT', 'SUMMARY'], rows)}\n${dim(`${value.count} skill(s)`)}`;
}

function skillDetails(value: { skill: SkillEntry }): string {
  const { skill } = value;
  const lines = [
    bold(skill.id),
    skill.summary,
    `app: ${skill.applicationId}`,
    `intent: ${skill.intent}`,
    `path: ${skill.path}`,
    `skill file: ${skill.skillFile}`,
    `scripts: ${skill.scripts.join(', ') || '(none)'}`,
    `artifacts: ${skill.artifacts.map((artifact) => artifact.name).join(', ') || '(none)'}`,
  ];
  return lines.join('\n');
}

/** `--vars`: a JSON object of variable values (default `{}`). */
export function parseVars(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `--vars is not valid JSON: ${(error as Error).message}`, {
      path: 'vars',
    });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', '--vars must be a JSON object, e.g. \'{"NAME":"value"}\'.', {
      path: 'vars',
    });
  }
  return value as Record<string, unknown>;
}

function registerDiscovery(skills: Command): void {
  const list = skills
    .command('list')
    .description('list every skill of the registry')
    .action(
      safeAction(async (_command, globals) => {
        const registry = await registryOf();
        printValue(globals.output, { ok: true, skills: registry.skills, count: registry.skills.length }, skillsTable);
        return 0;
      }),
    );
  examples(list, ['svc skills list', 'SVC_SKILLS_REGISTRY=./skills/skills-registry.json svc skills list']);

  const get = skills
    .command('get')
    .description('show one skill entry')
    .argument('<skillId>', 'skill id')
    .action(
      safeAction(async (_command, globals, [skillId]) => {
        const { getSkill } = await import('../../skills/find-skills.ts');
        printValue(globals.output, { ok: true, skill: getSkill(await registryOf(), String(skillId)) }, skillDetails);
        return 0;
      }),
    );
  examples(get, ['svc skills get com.android.settings.read-wifi']);

  const search = skills.command('search').description('find skills by app, intent or keyword (at least one)');
  valueFlag(search, '--app <applicationId>', 'exact application id');
  valueFlag(search, '--intent <intent>', 'exact intent');
  valueFlag(search, '--keyword <text>', 'case-insensitive text in the skill id or summary');
  search.action(
    safeAction(async (command, globals) => {
      const { hasAnyFilter, searchSkills } = await import('../../skills/find-skills.ts');
      const flags = command.opts();
      const read = (key: string) => single(flags, [key], { allowBlank: true });
      const filters = { app: read('app'), intent: read('intent'), keyword: read('keyword') };
      if (!hasAnyFilter(filters)) {
        throw new SvcError('CLI_USAGE_ERROR', 'skills search needs at least one of --app, --intent, --keyword.', {
          path: '--app',
        });
      }
      const found = searchSkills(await registryOf(), filters, { keywordOverApp: false });
      printValue(globals.output, { ok: true, skills: found, count: found.length }, skillsTable);
      return 0;
    }),
  );
  examples(search, ['svc skills search --app com.android.settings', 'svc skills search --keyword wifi']);
}

function registerCompile(skills: Command): void {
  const compile = skills
    .command('compile-artifact')
    .description('fill a recipe of a skill with variables and print the validated execution')
    .argument('[skillId]', 'skill id (or --skill-id)');
  valueFlag(compile, '--skill-id <id>', 'skill id');
  valueFlag(compile, '--artifact <name>', 'artifact name, with or without .recipe.json (required)');
  valueFlag(compile, '--vars <json>', 'JSON object of variable values (default {})');
  compile.action(
    safeAction(async (command, globals, [positional]) => {
      const flags = command.opts();
      const flagId = single(flags, ['skillId']);
      const given = typeof positional === 'string' ? positional : undefined;
      if (given !== undefined && flagId !== undefined && given !== flagId) {
        throw new SvcError('CLI_USAGE_ERROR', `Two skill ids given ("${given}" and --skill-id "${flagId}").`, {
          path: '--skill-id',
        });
      }
      const skillId = given ?? flagId;
      if (skillId === undefined) {
        throw new SvcError('CLI_USAGE_ERROR', 'Name the skill: <skillId> or --skill-id.', { path: 'skillId' });
      }
      const artifact = single(flags, ['artifact']);
      if (artifact === undefined) {
        throw new SvcError('CLI_USAGE_ERROR', '--artifact <name> is required.', { path: '--artifact' });
      }
      const vars = parseVars(single(flags, ['vars']));
      const { compileArtifact } = await import('../../skills/compile-artifact.ts');
      const compiled = await compileArtifact(await registryOf(), { skillId, artifact, vars });
      printValue(globals.output, compiled, (value: typeof compiled) => JSON.stringify(value.execution, null, 2));
      return 0;
    }),
  );
  examples(compile, [
    'svc skills compile-artifact com.example.notes.create-note --artifact create-note --vars \'{"TEXT":"hi"}\'',
    'svc skills compile-artifact --skill-id com.example.notes.create-note --artifact create-note.recipe.json',
  ]);
}

function registerNew(skills: Command): void {
  const create = skills
    .command('new')
    .description('scaffold a skill folder (SKILL.md, scripts/run.js, one recipe) and add it to the registry')
    .argument('<skillId>', 'new skill id, by convention <applicationId>.<intent>');
  valueFlag(create, '--app <applicationId>', 'application id (default: the id up to its last dot)');
  valueFlag(create, '--intent <intent>', 'intent (default: the id after its last dot)');
  valueFlag(create, '--summary <text>', 'one-line summary');
  create.action(
    safeAction(async (command, globals, [skillId]) => {
      const flags = command.opts();
      const { scaffoldSkill } = await import('../../skills/scaffold.ts');
      const created = await scaffoldSkill({
        env: process.env,
        skillId: String(skillId),
        applicationId: single(flags, ['app'], { allowBlank: true }),
        intent: single(flags, ['intent']),
        summary: single(flags, ['summary']),
      });
      printValue(globals.output, created, (value: typeof created) =>
        [`created skill ${bold(value.skill.id)}`, ...value.files.map((file) => `  ${file}`)].join('\n'),
      );
      return 0;
    }),
  );
  examples(create, ['svc skills new com.android.settings.open-wifi --summary "Opens the Wi-Fi page"']);
}

export function registerSkills(program: Command): void {
  const skills = program
    .command('skills')
    .description('packaged workflows for apps: list, search, compile recipes, run scripts, install and update');
  registerDiscovery(skills);
  registerCompile(skills);
  registerSkillsRun(skills);
  registerSkillsCheckout(skills);
  registerNew(skills);
}
