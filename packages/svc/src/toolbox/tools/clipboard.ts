// The clipboard, where the device lets the shell at it. Stock Android has no shell command for the clipboard
// service: `cmd clipboard` prints "No shell command implementation." (Binder's default onShellCommand; seen on
// API 36 images, callstack/agent-device#1645), and since Android 10 only the app in front or the keyboard may read
// the clipboard. Builds that do implement it answer `get-primary-clip` / `set-primary-clip <text>` (agent-device,
// kaeawc/auto-mobile use these); everything else is CLIPBOARD_UNAVAILABLE, never a silent empty answer.
import type { clipboardGet } from '../../contracts/chores/clipboard-get.ts';
import type { clipboardSet } from '../../contracts/chores/clipboard-set.ts';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import type { ChoreRunner } from '../chore.ts';

/**
 * The device's own refusals, as whole lines: Binder's default answer, `cmd`'s unknown verb or service, a shell
 * without `cmd`. Matched against the whole answer (never inside a clip, whose text may say anything).
 */
const REFUSAL =
  /^(?:No shell command implementation\.|Unknown command: .*|cmd: Can't find service: .*|.*: cmd: not found)$/;

/** The device's refusal of `cmd clipboard ...`, or undefined when it did what it was asked. */
export function clipboardRefusal(stdout: string, stderr: string, exitCode: number): string | undefined {
  if (stderr.trim() !== '') return stderr.trim();
  if (exitCode !== 0) return stdout.trim() || `exit ${exitCode}`;
  // Without adb's shell protocol (Android 6 and older) stderr arrives in stdout and the status is always 0.
  const answer = stdout.replace(/\r?\n$/, '');
  return REFUSAL.test(answer) ? answer : undefined;
}

async function clipboardCommand(ctx: SvcContext, serial: string, verb: string): Promise<string> {
  const out = await ctx.adb.shell(serial, `cmd clipboard ${verb}`);
  const refused = clipboardRefusal(out.stdout, out.stderr, out.exitCode);
  if (refused !== undefined) {
    throw new SvcError('CLIPBOARD_UNAVAILABLE', `This device does not let the shell use the clipboard (${refused}).`, {
      deviceId: serial,
      answer: refused.slice(0, 200),
    });
  }
  return out.stdout;
}

/** `ClipData { text/plain {T:hello} }`, printed by some builds, or the bare text. */
export function clipText(output: string): string | null {
  const text = output.replace(/\n$/, '');
  if (text === 'null' || text === '') return null;
  const wrapped = /\{T:([\s\S]*)\}\s*\}?$/.exec(text);
  return wrapped ? (wrapped[1] as string) : text;
}

export const runClipboardGet: ChoreRunner<typeof clipboardGet> = async ({ ctx, serial }) => ({
  text: clipText(await clipboardCommand(ctx, serial, 'get-primary-clip')),
});

export const runClipboardSet: ChoreRunner<typeof clipboardSet> = async ({ ctx, serial, params }) => {
  await clipboardCommand(ctx, serial, `set-primary-clip ${quoteShellArg(params.text)}`);
  return { set: true, length: params.text.length };
};
