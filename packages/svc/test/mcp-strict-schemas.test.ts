// The MCP inspector's CLI (`npx @modelcontextprotocol/inspector --cli <server> --method tools/list --strict`, the
// devDependency's version) lints every tool's input schema for what MCP clients fail on: a bare boolean schema
// where a schema object is expected, combinators at the top level, and the like. With --strict any error fails the
// run (exit 6, `schema_unportable`); svc's tools must report none, and no warning either.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from './install-helpers.ts';
import { isolatedEnv, MAIN } from './run-cli.ts';

/** The inspector's own entry (its bin), run by this Node: the system's `node` may be older than svc needs. */
const INSPECTOR = realpathSync(join(REPO_ROOT, 'node_modules', '.bin', 'mcp-inspector'));

function inspect(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [INSPECTOR, '--cli', process.execPath, MAIN, 'mcp', ...args],
      { env, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

test('the MCP inspector --strict finds no unportable schema in any svc tool', async () => {
  const home = mkdtempSync(join(tmpdir(), 'svc-strict-'));
  try {
    const out = await inspect(['--method', 'tools/list', '--strict'], isolatedEnv({ HOME: home }));
    assert.equal(out.code, 0, out.stderr.slice(-3000));
    const { tools } = JSON.parse(out.stdout) as { tools: { name: string; inputSchema: unknown }[] };
    assert.ok(
      tools.some((tool) => tool.name === 'execute'),
      'the list holds execute',
    );
    // A finding of either level is printed on stderr with its tool, path and suggestion.
    assert.doesNotMatch(out.stderr, /portability|Issue:|warning/i, out.stderr);
  } finally {
    rmSync(home, { recursive: true, force: true, maxRetries: 5 });
  }
});
