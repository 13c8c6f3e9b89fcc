// The notification shade, driven from the shell as a person would: open it, find a notification's row on the
// screen, tap it (its content intent), swipe it away, tap one of its action buttons and type a reply. The shell has
// no command that fires another app's PendingIntent or cancels its notification (NotificationManagerService lets
// only the posting app or the system do either), so every act on a notification goes through the shade.
// Opening: `cmd statusbar expand-notifications` (StatusBarShellCommand, Android 7 and later), `service call
// statusbar 1` before (IStatusBarService.expandNotificationsPanel, its first transaction); closing: `collapse` / 2.
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { deviceRefusal, injectionDeniedMessage } from '../device-shell/device-outcome.ts';
import { DeviceShell } from '../device-shell/device-shell.ts';
import { dumpWindow } from '../device-shell/dump.ts';
import { typingCommands } from '../device-shell/input-line.ts';
import { centerOf, type UiNode } from '../ui/node.ts';
import { parseHierarchy } from '../ui/parse.ts';
import { shellRefused } from './device-answer.ts';
import type { DumpedNotification } from './notification-dump.ts';

/** How long one look at the shade may take (a `uiautomator dump` on a slow phone takes seconds). */
const LOOK_TIMEOUT_MS = 15_000;
/** The panel slides in (about 300 ms of animation on a phone) before its rows can be read. */
const SETTLE_MS = 400;

function shadeCommand(sdk: number, open: boolean): string {
  if (sdk >= 24) return `cmd statusbar ${open ? 'expand-notifications' : 'collapse'}`;
  return `service call statusbar ${open ? 1 : 2}`;
}

async function run(shell: DeviceShell, command: string, failure: 'GESTURE_FAILED' | 'DEVICE_SHELL_UNAVAILABLE') {
  const result = await shell.run(command);
  const refused = deviceRefusal(result.output, result.status);
  if (refused === undefined) return;
  if (refused.injectionDenied) {
    throw new SvcError('INPUT_INJECTION_DENIED', injectionDeniedMessage('tap', refused.said), {
      deviceId: shell.serial,
    });
  }
  if (failure === 'DEVICE_SHELL_UNAVAILABLE') throw shellRefused(shell.serial, command, refused.said);
  throw new SvcError('GESTURE_FAILED', `\`${command.split(' ').slice(0, 2).join(' ')}\` failed: ${refused.said}`, {
    deviceId: shell.serial,
  });
}

export async function setShade(ctx: SvcContext, serial: string, open: boolean): Promise<string> {
  const shell = new DeviceShell(ctx, serial);
  const sdk = await shell.sdk();
  const command = shadeCommand(sdk, open);
  try {
    await run(shell, command, 'DEVICE_SHELL_UNAVAILABLE');
    return command;
  } catch (error) {
    // A build without the status bar's shell command still answers the binder call every release has.
    if (sdk < 24 || !(error instanceof SvcError) || error.code !== 'DEVICE_SHELL_UNAVAILABLE') throw error;
    const fallback = shadeCommand(0, open);
    await run(shell, fallback, 'DEVICE_SHELL_UNAVAILABLE');
    return fallback;
  }
}

async function look(ctx: SvcContext, shell: DeviceShell): Promise<UiNode[]> {
  const xml = await dumpWindow(ctx, shell, ctx.clock.monotonic() + LOOK_TIMEOUT_MS);
  const parsed = parseHierarchy(xml);
  return parsed.ok ? parsed.tree.nodes : [];
}

const within = (node: UiNode, root: UiNode): boolean => {
  for (let n: UiNode | undefined = node; n; n = n.parent) if (n === root) return true;
  return false;
};

/** The row of `n` in the open shade: the clickable node around a line showing its title (and its text, if shown). */
function rowOf(nodes: UiNode[], n: DumpedNotification): UiNode | undefined {
  const wanted = [n.title, n.text].filter((t): t is string => t !== null && t !== '');
  if (wanted.length === 0) return undefined;
  const titled = nodes.filter((node) => node.text === wanted[0]);
  const rows = titled
    .map((node) => {
      let row: UiNode | undefined = node;
      while (row && !row.clickable) row = row.parent;
      return row;
    })
    .filter((row): row is UiNode => row !== undefined);
  return (
    rows.find((row) => wanted.every((t) => nodes.some((node) => within(node, row) && node.text.startsWith(t)))) ??
    rows[0]
  );
}

export interface ShadeAct {
  /** open: tap the row; dismiss: swipe it away; action: tap its button titled `action` (then type `reply`). */
  kind: 'open' | 'dismiss' | 'action';
  action?: string;
  reply?: string;
}

/** Does `act` on `n` through the shade; the shade is closed again unless the act left the screen to an app. */
export async function actInShade(ctx: SvcContext, serial: string, n: DumpedNotification, act: ShadeAct) {
  const shell = new DeviceShell(ctx, serial);
  await setShade(ctx, serial, true);
  await ctx.clock.sleep(SETTLE_MS);
  const nodes = await look(ctx, shell);
  const row = rowOf(nodes, n);
  if (!row) {
    await setShade(ctx, serial, false);
    throw new SvcError('NOTIFICATION_NOT_IN_SHADE', `The shade does not show "${n.title ?? n.key}".`, {
      deviceId: serial,
      key: n.key,
    });
  }
  if (act.kind === 'open') {
    const { x, y } = centerOf(row.bounds);
    await run(shell, `input tap ${x} ${y}`, 'GESTURE_FAILED');
    return { via: 'shade' };
  }
  if (act.kind === 'dismiss') {
    const y = centerOf(row.bounds).y;
    const width = row.bounds.right - row.bounds.left;
    const from = row.bounds.left + Math.round(width * 0.1);
    const to = row.bounds.right - Math.round(width * 0.02);
    await run(shell, `input swipe ${from} ${y} ${to} ${y} 250`, 'GESTURE_FAILED');
    await setShade(ctx, serial, false);
    return { via: 'shade' };
  }
  const title = (act.action ?? '').toLowerCase();
  // Android 5 and 6 show action titles in capitals.
  const button = nodes.find((node) => within(node, row) && node !== row && node.text.toLowerCase() === title);
  if (!button) {
    await setShade(ctx, serial, false);
    throw new SvcError(
      'NOTIFICATION_NOT_IN_SHADE',
      `The shade shows no "${act.action}" button for this notification.`,
      {
        deviceId: serial,
        key: n.key,
      },
    );
  }
  const at = centerOf(button.bounds);
  await run(shell, `input tap ${at.x} ${at.y}`, 'GESTURE_FAILED');
  if (act.reply === undefined) return { via: 'shade' };
  await ctx.clock.sleep(SETTLE_MS);
  const field = (await look(ctx, shell)).find((node) => node.cls.endsWith('EditText'));
  if (!field) {
    await setShade(ctx, serial, false);
    throw new SvcError('NOTIFICATION_NOT_IN_SHADE', `"${act.action}" opened no reply field in the shade.`, {
      deviceId: serial,
      key: n.key,
    });
  }
  const spot = centerOf(field.bounds);
  await run(shell, `input tap ${spot.x} ${spot.y}`, 'GESTURE_FAILED');
  for (const line of typingCommands(act.reply)) await run(shell, line, 'GESTURE_FAILED');
  // The keyboard's enter key sends a RemoteInput reply (RemoteInputView's IME_ACTION_SEND).
  await run(shell, 'input keyevent 66', 'GESTURE_FAILED');
  await setShade(ctx, serial, false);
  return { via: 'shade', replied: true };
}
