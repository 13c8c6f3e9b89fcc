// The screen as a PNG, `exec-out screencap -p`, on phones with one display or several. With several displays
// (foldables, car head units, an emulator with a second display) screencap without `-d` prints a warning ahead of
// the PNG in the same stream and captures "the first display found", which need not be the one in use
// (openatx/uiautomator2#1131, mobile-next/mobile-mcp#210; the warning: AOSP cmds/screencap/screencap.cpp). So
// the PNG is taken from its signature on (any text before it is the device's), and once a device has shown it has
// several displays, the capture names the display that has the focus: `mTopFocusedDisplayId` of the window
// manager (AOSP RootWindowContainer), whose physical id `screencap -d` takes is the viewport's `uniqueId
// 'local:<id>'` in `dumpsys display` (mobile-mcp reads it so). A phone with one display pays nothing more. When the
// focused display's physical id cannot be found, the capture is still the first display's, and says so (`warning`):
// it may not be the display in use.
import type { SvcContext } from '../core/context.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const SEVERAL_DISPLAYS = /Multiple displays were found/;
/** One round trip: which logical display has the focus, and the viewports that map logical to physical ids. */
export const FOCUSED_DISPLAY_COMMAND =
  'dumpsys window windows | grep mTopFocusedDisplayId; dumpsys display | grep DisplayViewport';

/** The PNG inside what screencap printed, and the text the device printed before it. */
export function splitPng(bytes: Uint8Array): { png: Uint8Array; said: string } | undefined {
  for (let at = 0; at + PNG_SIGNATURE.length <= bytes.length; at++) {
    if (PNG_SIGNATURE.every((b, i) => bytes[at + i] === b)) {
      return { png: bytes.subarray(at), said: new TextDecoder().decode(bytes.subarray(0, at)) };
    }
  }
  return undefined;
}

/** The physical id of the display that has the focus (display 0 when the window manager names none). */
export function focusedPhysicalDisplay(text: string): string | undefined {
  const focused = Number(/mTopFocusedDisplayId=(\d+)/.exec(text)?.[1] ?? 0);
  for (const match of text.matchAll(/DisplayViewport\{([^}]*)\}/g)) {
    const fields = match[1] ?? '';
    const logical = /\bdisplayId=(\d+)/.exec(fields)?.[1];
    const physical = /\buniqueId='local:(\d+)'/.exec(fields)?.[1];
    if (logical !== undefined && Number(logical) === focused && physical !== undefined) return physical;
  }
  return undefined;
}

const MULTI_DISPLAY = Symbol('devices seen with several displays');

function severalDisplays(ctx: Pick<SvcContext, 'shared'>): Set<string> & { close?(): Promise<void> } {
  return ctx.shared(MULTI_DISPLAY, () => new Set<string>() as Set<string> & { close?(): Promise<void> });
}

async function focusedDisplay(ctx: Pick<SvcContext, 'adb'>, serial: string): Promise<string | undefined> {
  return focusedPhysicalDisplay((await ctx.adb.shell(serial, FOCUSED_DISPLAY_COMMAND)).stdout);
}

function pngIn(bytes: Uint8Array, command: string): { png: Uint8Array; said: string } {
  const split = splitPng(bytes);
  if (split === undefined) {
    const text = new TextDecoder().decode(bytes.subarray(0, 200)).trim();
    throw new Error(`${command} did not return a PNG${text ? `: ${text}` : ''}`);
  }
  return split;
}

/** A screen capture: the PNG, and why it may not show the display in use (several displays, the focused one unknown). */
export interface ScreenCapture {
  png: Uint8Array;
  warning?: string;
}

const FIRST_DISPLAY_WARNING =
  'several displays: the focused one could not be found (dumpsys display names no physical id for it), so this is ' +
  "the device's first display, which may not be the one in use";

/** The PNG of the display in use. Throws with the device's words when it printed no PNG. */
export async function screenPng(ctx: Pick<SvcContext, 'adb' | 'shared'>, serial: string): Promise<ScreenCapture> {
  const known = severalDisplays(ctx);
  if (known.has(serial)) {
    const id = await focusedDisplay(ctx, serial);
    const command = id === undefined ? 'screencap -p' : `screencap -p -d ${id}`;
    const { png } = pngIn(await ctx.adb.execOut(serial, command), command);
    return id === undefined ? { png, warning: FIRST_DISPLAY_WARNING } : { png };
  }
  const first = pngIn(await ctx.adb.execOut(serial, 'screencap -p'), 'screencap -p');
  if (!SEVERAL_DISPLAYS.test(first.said)) return { png: first.png };
  known.add(serial);
  const id = await focusedDisplay(ctx, serial);
  if (id === undefined) return { png: first.png, warning: FIRST_DISPLAY_WARNING };
  const command = `screencap -p -d ${id}`;
  return { png: pngIn(await ctx.adb.execOut(serial, command), command).png };
}
