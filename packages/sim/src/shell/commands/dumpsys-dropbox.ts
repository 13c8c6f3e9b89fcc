// `dumpsys dropbox [--print | --file] [tag ...]`, as DropBoxManagerService.dump prints it: a header (entry count,
// limits, `Searching for:` when tags are given), then per matching entry `<yyyy-MM-dd HH:mm:ss> <tag> (text, <n>
// bytes)`; with --print each entry is preceded by a line of 40 `=` and followed by its whole text. Examples of real
// output: perfetto's dropbox renderer ("2026-06-10 09:02:08 storage_trim (text, 16 bytes)") and the
// SYSTEM_TOMBSTONE listing quoted in AOSP-based blog posts; times print in the device zone (GMT here).
import { dropBoxOf } from '../../device/dropbox.ts';
import type { ShellCommand } from '../../device/types.ts';

const RULE = '========================================';

function stamp(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
}

export const dumpsysDropbox: ShellCommand = async (args, io, device) => {
  const print = args.includes('--print') || args.includes('-p');
  const file = args.includes('--file') || args.includes('-f');
  const tags = args.filter((a) => !a.startsWith('-'));
  const all = dropBoxOf(device);
  let out =
    `Drop box contents: ${all.length} entries\nMax entries: 1000\nLow priority rate limit period: 2000 ms\n` +
    'Low priority tags: {data_app_wtf, system_server_wtf, data_app_strictmode, system_app_strictmode}\n\n';
  if (tags.length > 0) out += `Searching for: ${tags.join(' ')}\n\n`;
  for (const entry of all) {
    // Every search word must match: the tag exactly, or a part of the date (DropBoxManagerService.dump).
    if (!tags.every((word) => word === entry.tag || stamp(entry.epochMs).includes(word))) continue;
    const size = new TextEncoder().encode(entry.text).length;
    const line = `${stamp(entry.epochMs)} ${entry.tag} (text, ${size} bytes)\n`;
    if (print) out += `${RULE}\n${line}${entry.text}${entry.text.endsWith('\n') ? '' : '\n'}\n`;
    else if (file) out += `${line}    /data/system/dropbox/${entry.tag}@${Math.floor(entry.epochMs)}.txt\n`;
    else out += `${line}    ${entry.text.split('\n')[0]?.slice(0, 70) ?? ''}\n`;
  }
  await io.writeStdout(out);
  return 0;
};
