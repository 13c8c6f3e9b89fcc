// One name space for actions and chores, kept by the type checker: these lines must fail `npm run typecheck` (an
// unused @ts-expect-error fails it too), and the compiler's message names the clash.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ACTION_DEFINITIONS } from './actions/index.ts';
import { defineChore } from './chores/define.ts';
import { CHORE_DEFINITIONS } from './chores/index.ts';
import { type Clashes, REGISTRY, registryOf } from './registry.ts';

/** A chore with this command verb (and group) and tool name, nothing else of note. */
const choreNamed = <const N extends string, const V extends string>(name: N, verb: V) =>
  defineChore({
    name,
    title: 't',
    brief: 'b',
    description: 'd',
    params: { fields: {} },
    nature: 'read',
    locksDevice: false,
    cli: { verb, description: 'd', examples: [], inputs: [] },
    example: {},
  });

test('the registry holds every action and chore, and its own lists use no name twice', () => {
  assert.equal(REGISTRY.actions.length, ACTION_DEFINITIONS.length);
  assert.equal(REGISTRY.chores.length, CHORE_DEFINITIONS.length);
  const none: [Clashes<typeof ACTION_DEFINITIONS, typeof CHORE_DEFINITIONS>] extends [never] ? true : false = true;
  assert.equal(none, true);
});

test('a chore whose command or tool is an action’s, or another chore’s, fails the type check', () => {
  // A chore's command `click` is the click action's.
  // @ts-expect-error: 'a command or tool name is used twice': "click"
  registryOf(ACTION_DEFINITIONS, [...CHORE_DEFINITIONS, choreNamed('tap-twice', 'click')]);
  // A chore's MCP tool `drag` is the drag action's.
  // @ts-expect-error: 'a command or tool name is used twice': "drag"
  registryOf(ACTION_DEFINITIONS, [...CHORE_DEFINITIONS, choreNamed('drag', 'drag-it')]);
  // Two chores on one command.
  // @ts-expect-error: 'a command or tool name is used twice': "rotate"
  registryOf(ACTION_DEFINITIONS, [...CHORE_DEFINITIONS, choreNamed('turn', 'rotate')]);
  // A surface of another command is fine.
  registryOf(ACTION_DEFINITIONS, [...CHORE_DEFINITIONS, choreNamed('turn', 'turn')]);
});

test('a chore surface naming a param its definition lacks fails the type check', () => {
  defineChore({
    name: 'typo',
    title: 't',
    brief: 'b',
    description: 'd',
    params: { fields: {} },
    nature: 'read',
    locksDevice: false,
    cli: {
      verb: 'typo',
      description: 'd',
      examples: [],
      // @ts-expect-error: `orientaton` is no param of this chore
      inputs: [{ kind: 'argument', name: 'x', param: 'orientaton' }],
    },
    example: {},
  });
});

test('the compiler names the command used twice', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-registry-'));
  try {
    const at = (file: string) => fileURLToPath(new URL(file, import.meta.url));
    const fixture = join(dir, 'clash.ts');
    writeFileSync(
      fixture,
      [
        `import { ACTION_DEFINITIONS } from ${JSON.stringify(at('./actions/index.ts'))};`,
        `import { defineChore } from ${JSON.stringify(at('./chores/define.ts'))};`,
        `import { CHORE_DEFINITIONS } from ${JSON.stringify(at('./chores/index.ts'))};`,
        `import { registryOf } from ${JSON.stringify(at('./registry.ts'))};`,
        'const clash = defineChore({ name: "press-on", title: "", brief: "", description: "", params: { fields: {} },',
        '  nature: "act", locksDevice: false, cli: { verb: "type", description: "", examples: [], inputs: [] },',
        '  example: {} });',
        'registryOf(ACTION_DEFINITIONS, [...CHORE_DEFINITIONS, clash]);',
      ].join('\n'),
    );
    const program = ts.createProgram([fixture], {
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      target: ts.ScriptTarget.ES2024,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
      skipLibCheck: true,
    });
    const messages = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
      .join('\n');
    assert.match(messages, /'a command or tool name is used twice': "type"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
