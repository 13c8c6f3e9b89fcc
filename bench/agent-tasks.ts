// What an agent pays to get real work done through an MCP server: a fixed set of multi-step tasks on the simulated
// phone (bench/lib/agent/tasks.ts: a settings page, a sign-in, a far list entry, a wrong turn and its recovery, two
// mistakes (a mistyped package name, then a mistyped text) and their recovery, a control and its value, a form), each driven by the same scripted agent through each server's own tools
// (bench/lib/agent/hands.ts): svc's MCP server and mobile-mcp's (npm @mobilenext/mobile-mcp, the devDependency's
// pinned version) on a stock phone, and svc again on a phone with its operator app. Per task and per session (the
// tool list included): tool calls (one model turn each), bytes returned (text, structured content and images alike),
// bytes of the tool definitions, wall time (median of the runs). Goals (issue 29): svc at most 0.7 of mobile-mcp's
// calls and at most 0.4 of its bytes, per task and per session; for the task with mistakes (issue 38), svc's wall
// time at most 1.5 times mobile-mcp's (a mistake costs one quick call). Every answer is checked: a task that fails is
// reported as failed and the bench exits 1.
// Prints JSON, then a short table.
// Usage: npx node bench/agent-tasks.ts [--quick] [--runs N] [--phone]
//   --quick: one run (what `npm run bench -- --quick` does); --phone: the simulator's phone timing profile (a dump
//   takes 1.2 s, an `input` 0.25 s) instead of instant device tools.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type ColumnResult, type ColumnSpec, runColumn } from './lib/agent/run-column.ts';
import { TASKS } from './lib/agent/tasks.ts';
import { ensureBundle, QUICK } from './lib/measure.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    phone: { type: 'boolean', default: false },
  },
});
const quick = QUICK || values.quick;
const runs = Number(values.runs ?? (quick ? 1 : 3));
const timing = values.phone ? 'phone' : 'instant';
const GOALS = { calls: 0.7, bytes: 0.4 } as const;
/** The task whose wall time has a goal, and the goal (svc over mobile-mcp). */
const MISTAKES = { task: 'mistakes', wallAtMost: 1.5 } as const;
const MOBILE_MCP_VERSION = (
  JSON.parse(readFileSync(new URL('../node_modules/@mobilenext/mobile-mcp/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const COLUMNS: ColumnSpec[] = [
  { name: 'svc', server: 'svc', operator: false },
  { name: 'mobile-mcp', server: 'mobile-mcp', operator: false },
  { name: 'svc+operator', server: 'svc', operator: true },
];

const cli = ensureBundle();
const columns: Record<string, ColumnResult> = {};
for (const spec of COLUMNS) columns[spec.name] = await runColumn(spec, runs, timing);

const ratio = (mine: number, theirs: number) => Math.round((mine / theirs) * 100) / 100;
const base = columns['mobile-mcp'] as ColumnResult;
/** svc's figures over mobile-mcp's, beside the goals. */
function against(column: ColumnResult) {
  const per = (cost: { calls: number; bytes: number }, theirs: { calls: number; bytes: number }) => ({
    calls: ratio(cost.calls, theirs.calls),
    bytes: ratio(cost.bytes, theirs.bytes),
  });
  return {
    session: per(column.session, base.session),
    tasks: Object.fromEntries(
      TASKS.map((task) => [task.name, per(column.tasks[task.name] ?? base.tasks[task.name]!, base.tasks[task.name]!)]),
    ),
  };
}
const result = {
  bench: 'agent-tasks',
  node: process.version,
  cli,
  mobileMcp: MOBILE_MCP_VERSION,
  timing,
  runs,
  goals: {
    callsAtMost: GOALS.calls,
    bytesAtMost: GOALS.bytes,
    of: 'mobile-mcp, per task and per session',
    mistakesWallAtMost: MISTAKES.wallAtMost,
  },
  tasks: Object.fromEntries(TASKS.map((task) => [task.name, task.goal])),
  columns,
  ratios: {
    svc: against(columns.svc as ColumnResult),
    'svc+operator': against(columns['svc+operator'] as ColumnResult),
  },
  mistakesWall: Object.fromEntries(
    ['svc', 'svc+operator'].map((name) => [
      name,
      ratio((columns[name] as ColumnResult).tasks[MISTAKES.task]?.wallMs ?? 0, base.tasks[MISTAKES.task]?.wallMs ?? 1),
    ]),
  ),
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);

// The table: calls / bytes / ms per column, then svc's ratios to mobile-mcp with the goals.
const cell = (cost: TaskLike | undefined) =>
  cost === undefined
    ? 'not run'.padStart(26)
    : `${cost.ok === false ? 'FAIL ' : ''}${cost.calls} / ${cost.bytes} B / ${Math.round(cost.wallMs)} ms`.padStart(26);
const mark = (value: number, goal: number) => `${value.toFixed(2)}${value <= goal ? ' ok' : ' --'}`.padStart(8);
const names = COLUMNS.map((spec) => spec.name);
process.stdout.write(
  `${'calls / bytes / wall'.padEnd(22)}${names.map((name) => name.padStart(26)).join('')}   svc/mobile-mcp calls ≤${GOALS.calls} bytes ≤${GOALS.bytes}\n`,
);
const row = (
  label: string,
  pick: (column: ColumnResult) => TaskLike | undefined,
  ratios: { calls: number; bytes: number },
) =>
  process.stdout.write(
    `${label.padEnd(22)}${names.map((name) => cell(pick(columns[name] as ColumnResult))).join('')}   ${mark(ratios.calls, GOALS.calls)}${mark(ratios.bytes, GOALS.bytes)}\n`,
  );
for (const task of TASKS) {
  row(task.name, (column) => column.tasks[task.name], result.ratios.svc.tasks[task.name] as Ratios);
}
row('setup', (column) => column.setup, {
  calls: ratio(columns.svc!.setup.calls, base.setup.calls),
  bytes: ratio(columns.svc!.setup.bytes, base.setup.bytes),
});
process.stdout.write(
  `${'tool list'.padEnd(22)}${names
    .map((name) => {
      const defs = (columns[name] as ColumnResult).toolDefinitions;
      return `${defs.count} tools / ${defs.bytes} B`.padStart(26);
    })
    .join('')}\n`,
);
row('session (list incl.)', (column) => column.session, result.ratios.svc.session);
const withOperator = result.ratios['svc+operator'].session;
process.stdout.write(
  `svc+operator / mobile-mcp per session: calls ${mark(withOperator.calls, GOALS.calls)}, bytes ${mark(withOperator.bytes, GOALS.bytes)}\n`,
);
process.stdout.write(
  `${MISTAKES.task} wall time / mobile-mcp's: svc ${mark(result.mistakesWall.svc ?? 0, MISTAKES.wallAtMost)}, svc+operator ${mark(result.mistakesWall['svc+operator'] ?? 0, MISTAKES.wallAtMost)} (goal ≤${MISTAKES.wallAtMost})\n`,
);
const failed = Object.values(columns).flatMap((column) =>
  Object.entries(column.tasks)
    .filter(([, task]) => !task.ok)
    .map(([name, task]) => `${column.name} ${name}: ${task.error}`),
);
for (const line of failed) process.stdout.write(`FAILED ${line}\n`);
if (failed.length > 0) process.exitCode = 1;

type TaskLike = { calls: number; bytes: number; wallMs: number; ok?: boolean };
type Ratios = { calls: number; bytes: number };
