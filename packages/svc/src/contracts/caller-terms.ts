// Hints in the caller's terms. The catalogue and the step hints name what to do as a CLI command (`svc apps --all`);
// an MCP client calls tools and an HTTP client calls routes, so each front end says the same advice its own way,
// here, at its edge (the daemon passes hints on as they are: its callers are the CLI and the MCP server). A command
// with no tool or route of its own (`svc sim start`, `svc operator setup`) stays a command: it is run on the
// computer svc runs on. Pure: no I/O.

export type Caller = 'cli' | 'mcp' | 'http';

interface Terms {
  mcp?: string;
  http?: string;
}

/** A device tool: an MCP tool of the same name, `POST /tools/<name>` over HTTP. */
const tool = (name: string, args?: string): Terms => ({
  mcp: `the \`${name}\` tool${args === undefined ? '' : ` with ${args}`}`,
  http: `\`POST /tools/${name}\`${args === undefined ? '' : ` with ${args}`}`,
});

/** `svc <command>` as the hints write it (its words up to the end of the backticks) → each caller's way. */
const TERMS: Readonly<Record<string, Terms>> = {
  devices: { mcp: 'the `devices` tool', http: '`GET /devices`' },
  'apps --all': tool('apps', '{"all":true}'),
  crashes: tool('crashes'),
  'keyboard install': tool('keyboard-install'),
  'record start': tool('record-start'),
  'record stop': tool('record-stop'),
  type: { mcp: 'the `type` tool', http: '`POST /execute` with an enter_text action' },
  doctor: { mcp: 'the `doctor` tool' },
  'grant-device-permissions': { mcp: 'the `doctor` tool with {"fix":true}' },
  'version --check-compat': { mcp: 'the `doctor` tool' },
  'snapshot --timeout-ms 5000 --verbose': { mcp: 'the `snapshot` tool', http: '`POST /snapshot`' },
  'skills list': { mcp: 'the `skills` tool', http: '`GET /skills`' },
  'skills search': { mcp: 'the `skills` tool with a keyword', http: '`GET /skills?keyword=...`' },
  'skills get <id>': { mcp: 'the `skills` tool', http: '`GET /skills/<id>`' },
  schema: { mcp: "the `execute` tool's description", http: '`svc schema`' },
};

/** `text` with each `svc ...` command it names said as `caller` calls it (unchanged for the CLI). */
export function inCallerTerms(text: string, caller: Caller): string {
  if (caller === 'cli') return text;
  return text.replace(/`svc ([^`]+)`/g, (whole, command: string) => TERMS[command]?.[caller] ?? whole);
}

/** A body with a hint (an error, a run result) with its hint in `caller`'s terms. */
export function withHintFor<T extends { hint?: string | undefined }>(body: T, caller: Caller): T {
  return body.hint === undefined ? body : { ...body, hint: inCallerTerms(body.hint, caller) };
}
