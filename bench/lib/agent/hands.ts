// How the scripted agent uses each server's own tools (its "hand"): the natural way a competent agent would, as
// each server's tool descriptions teach it. Each method is one decision's action; it returns the screen when the
// server returned one with the action (so the agent need not look again), else undefined.
import type { MeteredClient } from './metered-client.ts';
import { type Element, find, parseMobileMcpList, parseSvcCompact, type Screen } from './screen.ts';
import { SvcScreens } from './svc-screens.ts';

export interface Hand {
  /** Once per session, before any task (what the server needs before it can act: a device id). */
  setup(): Promise<void>;
  open(app: string): Promise<Screen | undefined>;
  look(): Promise<Screen>;
  tap(element: Element): Promise<Screen | undefined>;
  /**
   * Enters each text into its field (focusing it first where the server needs that), then taps `submit`: a form
   * filled and sent, in as few calls as the server allows.
   */
  fill(entries: readonly { field: Element; text: string }[], submit: Element): Promise<Screen | undefined>;
  back(): Promise<Screen | undefined>;
  /** Brings the element showing `words` into view from `screen` (a long list) and taps it. */
  scrollToAndTap(screen: Screen, words: string): Promise<Screen | undefined>;
  /** The one-time code in the newest notification of `app`, read the best way the server allows. */
  readCode(app: string): Promise<string>;
  /**
   * Opens `app` by a package name that may be mistyped: the screen when it opened, else the package names the server
   * offers instead (asking for the list when the failure names none).
   */
  tryOpen(app: string): Promise<Attempt<string>>;
  /**
   * Taps the element showing `words` (an agent's words, maybe mistyped), by its text where the server takes one:
   * the screen when it worked, else the elements the server offers instead (or the screen the agent has).
   */
  tapText(words: string, screen: Screen): Promise<Attempt<Element>>;
}

/** An action that may miss: the screen it led to (when the server returned one), or what to try instead. */
export type Attempt<T> = { ok: true; screen: Screen | undefined } | { ok: false; instead: T[] };

/** The closest-matches block of an svc failure (`closest on screen:` then element lines), as elements. */
function closestOf(text: string): Element[] {
  const at = text.indexOf('closest on screen:\n');
  if (at === -1) return [];
  const lines = text.slice(at).split('\n').slice(1);
  const end = lines.findIndex((line) => !/^e\d+ /.test(line));
  return parseSvcCompact(lines.slice(0, end === -1 ? undefined : end).join('\n')).elements;
}

/** A one-time code as a person reads it in a notification: 4 to 8 digits standing alone. */
const CODE = /(?<!\d)\d{4,8}(?!\d)/;

/** A call that failed ends the task: the bench reports it rather than measuring a broken run. */
async function must(client: MeteredClient, tool: string, args: Record<string, unknown>): Promise<string[]> {
  const reply = await client.call(tool, args);
  if (reply.isError) throw new Error(`${tool} ${JSON.stringify(args)} failed: ${reply.texts.join(' ').slice(0, 600)}`);
  return reply.texts;
}

/**
 * svc: one tool per action, by the refs of the screens it returns with every action (so no separate reads);
 * `scroll-until` scrolls and taps; a form's fields and its button go in one `execute` (refs may follow typing in one
 * execution, and the screen after it comes back with the result).
 */
export function svcHand(client: MeteredClient): Hand {
  const screens = new SvcScreens();
  const act = async (tool: string, args: Record<string, unknown>) =>
    screens.read((await must(client, tool, args)).join('\n'));
  const byRef = (element: Element) => ({ ref: element.ref });
  return {
    setup: async () => {}, // one device: every tool takes it without a device id
    open: (app) => act('open', { target: app }),
    look: async () => {
      const screen = await act('snapshot', { format: 'diff' });
      if (screen === undefined) throw new Error('snapshot returned no screen');
      return screen;
    },
    tap: (element) => act('click', { selector: byRef(element) }),
    fill: (entries, submit) =>
      act('execute', {
        execution: {
          actions: [
            ...entries.map(({ field, text }) => ({ type: 'enter_text', params: { matcher: byRef(field), text } })),
            { type: 'click', params: { matcher: byRef(submit) } },
          ],
        },
      }),
    back: () => act('press-key', { key: 'back' }),
    scrollToAndTap: (_screen, words) => act('scroll-until', { selector: { textEquals: words }, click: true }),
    // svc reads the notification list from the shell: one call, no screen change.
    readCode: async (app) => {
      const [text = '{}'] = await must(client, 'notifications', { app, extract: 'code', maxItems: 1 });
      const answer = JSON.parse(text) as { notifications?: { code?: string | null }[] };
      return answer.notifications?.[0]?.code ?? '';
    },
    tryOpen: async (app) => {
      const reply = await client.call('open', { target: app });
      const text = reply.texts.join('\n');
      if (!reply.isError) return { ok: true, screen: screens.read(text) };
      screens.read(text);
      const named = /closest installed: (.*)$/m.exec(text)?.[1];
      return { ok: false, instead: named === undefined ? [] : named.split(', ') };
    },
    tapText: async (words, screen) => {
      const reply = await client.call('click', { selector: { text: words } });
      const text = reply.texts.join('\n');
      const after = screens.read(text);
      if (!reply.isError) return { ok: true, screen: after };
      const closest = closestOf(text);
      return { ok: false, instead: closest.length > 0 ? closest : (after ?? screen).elements };
    },
  };
}

/** How many swipes mobile-mcp's agent makes looking for an element before it gives up. */
const MAX_SWIPES = 12;

/** mobile-mcp: every tool names the device; taps by the @e refs of its element list; swipe, then list again. */
export function mobileMcpHand(client: MeteredClient, launcherApps: () => Promise<string[]>): Hand {
  let device = '';
  const look = async () =>
    parseMobileMcpList((await must(client, 'mobile_list_elements_on_screen', { device })).join('\n'));
  const tap = async (element: Element) =>
    void (await must(client, 'mobile_click_on_screen_at_coordinates', { device, ref: element.ref }));
  return {
    setup: async () => {
      const [text = '{}'] = await must(client, 'mobile_list_available_devices', {});
      const { devices } = JSON.parse(text) as { devices: { id: string; platform: string }[] };
      const android = devices.find((entry) => entry.platform === 'android');
      if (android === undefined) throw new Error(`mobile-mcp lists no Android device: ${text}`);
      device = android.id;
    },
    open: async (app) =>
      void (app.includes('://')
        ? await must(client, 'mobile_open_url', { device, url: app })
        : await must(client, 'mobile_launch_app', { device, packageName: app })),
    look,
    tap,
    fill: async (entries, submit) => {
      for (const { field, text } of entries) {
        await tap(field); // mobile_type_keys types into the focused element
        await must(client, 'mobile_type_keys', { device, text, submit: false });
      }
      await tap(submit);
      return undefined;
    },
    back: async () => void (await must(client, 'mobile_press_button', { device, button: 'BACK' })),
    scrollToAndTap: async (start, words) => {
      let screen = start;
      for (let swipe = 0; find(screen, words) === undefined; swipe++) {
        if (swipe === MAX_SWIPES) throw new Error(`"${words}" not found after ${MAX_SWIPES} swipes`);
        // A page at a time (the default swipe moves 30% of the screen): from low in the content, 60% of its height.
        const bottom = Math.max(...screen.elements.map((element) => element.bounds.bottom));
        const from = { x: Math.round(Math.max(...screen.elements.map((element) => element.bounds.right)) / 2) };
        await must(client, 'mobile_swipe_on_screen', {
          device,
          direction: 'up',
          x: from.x,
          y: Math.round(bottom * 0.85),
          distance: Math.round(bottom * 0.6),
        });
        screen = await look();
      }
      await tap(find(screen, words) as Element);
      return undefined;
    },
    // mobile-mcp has no notification tool: pull the shade down from the status bar, read it, close it.
    readCode: async () => {
      await must(client, 'mobile_swipe_on_screen', { device, direction: 'down', x: 540, y: 10, distance: 1400 });
      const shade = await look();
      await must(client, 'mobile_press_button', { device, button: 'BACK' });
      for (const element of shade.elements) {
        const code = CODE.exec(element.text)?.[0];
        if (code !== undefined) return code;
      }
      return '';
    },
    tryOpen: async (app) => {
      const reply = await client.call('mobile_launch_app', { device, packageName: app });
      if (!reply.isError) return { ok: true, screen: undefined };
      // The failure names no app: the agent asks for the list (`Found these apps on device: Name (package), ...`).
      const listed = await client.call('mobile_list_apps', { device });
      if (listed.isError) {
        // mobilecli lists apps with a helper it moves into place with `mv`, which the simulated shell lacks: the
        // call is counted, and the list is what its own listApps asks the phone (launcher activities).
        return { ok: false, instead: await launcherApps() };
      }
      const text = listed.texts.join('\n');
      return { ok: false, instead: [...text.matchAll(/\(([^()\s]+)\)/g)].map((match) => match[1] as string) };
    },
    // Taps go by the element list the agent read: a mistyped text is noticed there, without a call.
    tapText: async (words, screen) => {
      const element = find(screen, words);
      if (element === undefined) return { ok: false, instead: screen.elements };
      await tap(element);
      return { ok: true, screen: undefined };
    },
  };
}
