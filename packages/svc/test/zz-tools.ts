import { connectStdio } from './mcp-client.ts';
import { isolatedEnv } from './run-cli.ts';
const s = await connectStdio(['--no-daemon'], isolatedEnv({}), process.cwd());
const r = await s.client.listTools();
console.log(JSON.stringify(r).length, r.tools.length);
if (process.argv[2]) for (const t of r.tools) console.log(t.name, '|', t.description, JSON.stringify(t.annotations ?? {}));
await s.close();
const s3 = await connectStdio(['--no-daemon'], isolatedEnv({}), process.cwd());
const r3 = await s3.client.listTools();
let d = 0, a = 0, sc = 0, dev = 0;
for (const t of r3.tools) { d += JSON.stringify(t.description ?? '').length; a += JSON.stringify(t.annotations ?? '').length; sc += JSON.stringify(t.inputSchema).length; if ((t.inputSchema as any).properties?.deviceId) dev++; }
console.log({ d, a, sc, dev });
await s3.close();
