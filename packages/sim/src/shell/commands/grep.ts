// `grep [-v] [-i] [-F] [-E] [-q] [-c] pattern [file...]`, enough for pipelines like `pm list packages | grep x`.
import { normalizePath } from '../../adbd/sync/sync-files.ts';
import type { ShellCommand } from '../../device/types.ts';

export const grep: ShellCommand = async (argv, io, device) => {
  const flags = new Set<string>();
  const rest: string[] = [];
  for (const arg of argv) {
    if (/^-[vicqFEw]+$/.test(arg)) for (const f of arg.slice(1)) flags.add(f);
    else rest.push(arg);
  }
  const [pattern, ...files] = rest;
  if (pattern === undefined) {
    await io.writeStderr('grep: Needs 1 argument\n');
    return 2;
  }
  let regex: RegExp;
  try {
    const source = flags.has('F') ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : pattern;
    regex = new RegExp(flags.has('w') ? `\\b(?:${source})\\b` : source, flags.has('i') ? 'i' : '');
  } catch {
    await io.writeStderr(`grep: bad regex '${pattern}'\n`);
    return 2;
  }
  let text = '';
  if (files.length === 0) {
    const decoder = new TextDecoder();
    for await (const chunk of io.stdin) text += decoder.decode(chunk, { stream: true });
  } else {
    for (const file of files) {
      const data = device.files.get(normalizePath(file))?.data;
      if (!data) {
        await io.writeStderr(`grep: ${file}: No such file or directory\n`);
        return 2;
      }
      text += new TextDecoder().decode(data);
    }
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const hits = lines.filter((line) => regex.test(line) !== flags.has('v'));
  if (flags.has('c')) await io.writeStdout(`${hits.length}\n`);
  else if (!flags.has('q') && hits.length > 0) await io.writeStdout(`${hits.join('\n')}\n`);
  return hits.length > 0 ? 0 : 1;
};
