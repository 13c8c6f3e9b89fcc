// The throwaway action type add-action-recipe.test.ts adds in a copy of the repository, one edit per step of
// docs/architecture.md's "How to add an action type" (keyed by the path the step names): key_burst presses a key
// several times in one `input keyevent`, with a flat command (`svc key-burst tab --times 3`) and an MCP tool.

/** What the recipe's placeholders stand for. */
export const THROWAWAY = { '<type>': 'key-burst', '<kind>': 'keys' } as const;

const DEFINITION = `// key_burst: a key pressed several times in one \`input keyevent\` (a throwaway type the recipe test adds).
import { int, key, retry } from '../fields.ts';
import { defineAction } from './define.ts';

export const keyBurst = defineAction({
  type: 'key_burst',
  params: { fields: { key, times: int({ min: 1, max: 10 }), retry }, required: ['key', 'times'] },
  retry: 'None',
  nature: 'act',
  changesScreen: true,
  example: { key: 'tab', times: 3 },
  cli: [
    {
      verb: 'key-burst',
      description: 'press a key several times',
      examples: ['svc key-burst tab --times 3'],
      inputs: [
        { kind: 'argument', name: 'key', param: 'key' },
        { kind: 'flag', flag: '--times <n>', param: 'times', help: 'how many times (1..10)', integer: true, required: true },
      ],
    },
  ],
  mcp: {
    name: 'key-burst',
    description: 'Press \`key\` \`times\` times.',
    arguments: { key: { param: 'key' }, times: { param: 'times' } },
    required: ['key', 'times'],
  },
});
`;

const RUNNER = `const keyBurst: ActionRunner<'key_burst'> = async ({ shell, action }) => {
  const { key, times } = action.params;
  const codes = Array.from({ length: times }, () => keyCodeOf(key));
  await sendInput(shell, inputLine.keys(codes), 'GLOBAL_ACTION_FAILED', \`key \${key}\`);
  return { key, times: String(times) };
};

`;

/** The names of the throwaway test's cases (the recipe test checks each one passed). */
export const THROWAWAY_TEST = [
  'validates, refusing a count out of range at its path',
  'is in the JSON Schema',
  'svc key-burst builds it',
  'the MCP tool key-burst builds it',
  'the adb driver presses the key three times in one input line, through real adb',
  "svc's own operator takes it; the published operator refuses it before the broadcast",
];

const TEST = `// key_burst (a throwaway type the recipe test adds): every surface reads it off its definition, and the adb driver
// runs it on a simulated phone through real adb.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createLab, type Lab } from 'svc-sim/testing';
import { variantOf } from '../src/contracts/operator-variants.ts';
import { executionJsonSchema } from '../src/contracts/schema.ts';
import type { Execution, RunResult, ValidExecution } from '../src/contracts/types.ts';
import { normalizeAndValidateExecution } from '../src/contracts/validate.ts';
import { refuseUnsupported } from '../src/executions/driver-table.ts';
import { operatorActionsOfVariant } from '../src/executions/drivers/operator/operator-actions.ts';
import { createMcpServer } from '../src/mcp/create-server.ts';
import { runAdb, step } from './adb-driver-helpers.ts';
import { payload } from './executions-helpers.ts';
import { runCliJson } from './run-cli.ts';

const BURST = { id: 'k', type: 'key_burst', params: { key: 'tab', times: 3 } };

function valid(actions: unknown[]): ValidExecution {
  const outcome = normalizeAndValidateExecution(payload(actions));
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
  return outcome.execution;
}

describe('key_burst', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}] });
  });
  after(async () => {
    await lab?.close();
  });

  test(${JSON.stringify(THROWAWAY_TEST[0])}, () => {
    assert.deepEqual(valid([BURST]).actions[0], BURST);
    const outcome = normalizeAndValidateExecution(payload([{ ...BURST, params: { key: 'tab', times: 11 } }]));
    assert.ok(!outcome.ok);
    assert.equal(outcome.error.details?.path, 'actions[0].params.times');
  });

  test(${JSON.stringify(THROWAWAY_TEST[1])}, () => {
    const schema = executionJsonSchema() as { $defs: Record<string, unknown> };
    assert.ok('action_key_burst' in schema.$defs, Object.keys(schema.$defs).join(' '));
  });

  test(${JSON.stringify(THROWAWAY_TEST[2])}, async () => {
    const run = await runCliJson(['key-burst', 'tab', '--times', '3', '--dry-run']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual(run.json.execution.actions[0].params, BURST.params);
  });

  test(${JSON.stringify(THROWAWAY_TEST[3])}, async () => {
    let submitted: Execution | undefined;
    const server = createMcpServer({
      env: { ANDROID_SERIAL: 'emulator-5554' },
      cwd: process.cwd(),
      client: 'recipe-test',
      log: () => {},
      submit: async (request): Promise<RunResult> => {
        submitted = request.execution;
        return { ok: false, error: { code: 'DEVICE_NOT_FOUND', message: 'recorded, not run' } };
      },
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'recipe-test', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.find((tool) => tool.name === 'key-burst')?.inputSchema.required, ['key', 'times']);
      await client.callTool({ name: 'key-burst', arguments: BURST.params });
    } finally {
      await client.close();
    }
    assert.deepEqual(submitted?.actions[0]?.params, BURST.params);
  });

  test(${JSON.stringify(THROWAWAY_TEST[4])}, async () => {
    const run = await runAdb(lab, 0, [BURST]);
    assert.deepEqual(step(run, 'k'), { id: 'k', actionType: 'key_burst', success: true, data: { key: 'tab', times: '3' } });
    // KEYCODE_TAB is 61 (android.view.KeyEvent).
    assert.ok(run.commands.some((line) => line.includes('input keyevent 61 61 61')), run.commands.join('\\n'));
  });

  test(${JSON.stringify(THROWAWAY_TEST[5])}, () => {
    const execution = valid([BURST]);
    const refusedBy = (pkg: string) => refuseUnsupported('operator', operatorActionsOfVariant(variantOf(pkg)), execution);
    assert.equal(refusedBy('com.svc.operator'), undefined);
    assert.equal(refusedBy('com.clawperator.operator')?.code, 'EXECUTION_ACTION_UNSUPPORTED');
  });
});
`;

/** Inserts \`text\` before the first \`marker\` of \`file\`, which must hold it. */
function insertBefore(file: string | undefined, marker: string, text: string): string {
  if (file === undefined || !file.includes(marker)) throw new Error(`the file has no ${JSON.stringify(marker)}`);
  return file.replace(marker, `${text}${marker}`);
}

/** Each step's edit, by the path docs/architecture.md names for it: a file's new text from its old (undefined: new). */
export const THROWAWAY_EDITS: Readonly<Record<string, (text: string | undefined) => string>> = {
  'packages/svc/src/contracts/actions/<type>.ts': () => DEFINITION,
  'packages/svc/src/contracts/actions/index.ts': (text) =>
    insertBefore(
      insertBefore(text, '\nexport const ACTION_DEFINITIONS', "import { keyBurst } from './key-burst.ts';\n"),
      '] as const;',
      '  keyBurst,\n',
    ),
  'packages/svc/src/executions/drivers/adb/actions/<kind>.ts': (text) =>
    insertBefore(
      insertBefore(text, 'export const KEY_ACTIONS = {', RUNNER),
      '} satisfies AdbEntries;',
      '  key_burst: { run: keyBurst },\n',
    ),
  'packages/svc/test/<type>.test.ts': () => TEST,
};
