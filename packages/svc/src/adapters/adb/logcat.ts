// logcat as the result channel: the commands svc runs and the `-v epoch` line format they print. The stream starts
// at a device-log timestamp taken just before dispatch (`-T '<epoch>'`), so nothing written after it is lost, no
// matter when the follow starts reading, and the host never clears the log (OPERATOR-PROTOCOL §2).
import { quoteShellArg } from '../../contracts/dispatch.ts';

export const OPERATOR_LOG_TAG = 'SvcOperator';

/** The newest entry of the device log (any tag): its time is the lower bound of the follow. */
export const LAST_ENTRY_COMMAND = 'logcat -v epoch -t 1';

export function followCommand(since: string | undefined, tag = OPERATOR_LOG_TAG): string {
  const from = since === undefined ? '' : ` -T ${quoteShellArg(since)}`;
  return `logcat -v epoch${from} -s ${quoteShellArg(`${tag}:I`)}`;
}

export interface LogcatEntry {
  /** `sss.mmm` exactly as printed (what `-T` takes back). */
  epoch: string;
  priority: string;
  tag: string;
  message: string;
}

// `1700000000.123  1234  1234 I SvcOperator: message` (the tag may be padded before the colon).
const EPOCH_LINE = /^\s*(\d+\.\d+)\s+\d+\s+\d+\s+([VDIWEFS])\s+(.*?)\s*: (.*)$/s;

export function parseEpochLine(line: string): LogcatEntry | undefined {
  const m = EPOCH_LINE.exec(line);
  if (m === null) return undefined;
  return { epoch: m[1] as string, priority: m[2] as string, tag: m[3] as string, message: m[4] as string };
}

/** The last entry printed by LAST_ENTRY_COMMAND; undefined for an empty log. */
export function lastEntry(output: string): LogcatEntry | undefined {
  let entry: LogcatEntry | undefined;
  for (const line of output.split('\n')) entry = parseEpochLine(line.replace(/\r$/, '')) ?? entry;
  return entry;
}
