// The tasks, and the one decision logic every server is driven by: read the screen, pick the element, act, verify
// on the screen that results (the one the action returned, else one more look). A form's fields are filled and sent
// as one decision, not verified field by field (a careful agent checks the outcome after submitting). The simulated apps are
// packages/sim/src/ui/apps/*.json; each task starts with its apps stopped, so every server meets the same screens.
import { distance } from 'fastest-levenshtein';
import type { Hand } from './hands.ts';
import {
  type Element,
  find,
  findInput,
  findStarting,
  findToggle,
  firstBelow,
  isChecked,
  type Screen,
  shown,
  valueBeside,
} from './screen.ts';
import { signInPage } from './web-page.ts';

/** The shared decisions over one server's hand, keeping the screen the agent last saw. */
export class Agent {
  readonly #hand: Hand;
  screen: Screen = { elements: [] };

  constructor(hand: Hand) {
    this.#hand = hand;
  }

  /** The screen after an action: the one the server returned with it, else a look. */
  async #after(action: Promise<Screen | undefined>): Promise<void> {
    this.screen = (await action) ?? (await this.#hand.look());
  }

  open(app: string): Promise<void> {
    return this.#after(this.#hand.open(app));
  }

  /** The element showing `words` on the screen the agent sees; a task step that cannot find it fails the task. */
  expect(words: string, screen = this.screen): Element {
    const element = find(screen, words);
    if (element === undefined) throw new Error(`"${words}" is not on screen: ${describe(screen)}`);
    return element;
  }

  async tapOn(words: string): Promise<void> {
    await this.#after(this.#hand.tap(this.expect(words)));
  }

  /** Fills a form's fields (each found on the screen seen) and taps `submit`; then the screen that results. */
  async fill(entries: readonly [Element | undefined, string][], submit: string): Promise<void> {
    const fields = entries.map(([field, text]) => {
      if (field === undefined) throw new Error(`no text field on screen: ${describe(this.screen)}`);
      return { field, text };
    });
    await this.#after(this.#hand.fill(fields, this.expect(submit)));
  }

  back(): Promise<void> {
    return this.#after(this.#hand.back());
  }

  /** The one-time code `app` just sent by notification (the screen the agent sees stays as it was). */
  readCode(app: string): Promise<string> {
    return this.#hand.readCode(app);
  }

  /** Taps `words`: at once when it is on screen, else after scrolling the list to it. */
  async reach(words: string): Promise<void> {
    if (find(this.screen, words) !== undefined) return this.tapOn(words);
    await this.#after(this.#hand.scrollToAndTap(this.screen, words));
  }

  /** Opens an app by a name that may be mistyped: on a miss, the closest of the names the server offers. */
  async openNamed(app: string): Promise<void> {
    const attempt = await this.#hand.tryOpen(app);
    if (attempt.ok) {
      this.screen = attempt.screen ?? (await this.#hand.look());
      return;
    }
    const instead = closestTo(app, attempt.instead, (name) => name);
    if (instead === undefined) throw new Error(`${app} did not open, and nothing close was offered`);
    await this.open(instead);
  }

  /** Taps the element showing `words`, which may be mistyped: on a miss, the closest element offered instead. */
  async tapText(words: string): Promise<void> {
    const attempt = await this.#hand.tapText(words, this.screen);
    if (attempt.ok) {
      this.screen = attempt.screen ?? (await this.#hand.look());
      return;
    }
    const instead = closestTo(words, attempt.instead, shown);
    if (instead === undefined) throw new Error(`"${words}" missed, and nothing close was offered`);
    await this.#after(this.#hand.tap(instead));
  }

  /** A value of a details row: beside its label, else the line under it. */
  valueOf(label: string): string {
    const value = valueBeside(this.screen, label);
    if (value !== undefined) return value;
    const below = firstBelow(this.screen, this.expect(label));
    return below === undefined ? '' : shown(below);
  }
}

/** The candidate whose words are the fewest letters away from `wanted` (what an agent reading the list would pick). */
function closestTo<T>(wanted: string, candidates: readonly T[], words: (candidate: T) => string): T | undefined {
  const apart = (candidate: T) => distance(wanted.toLowerCase(), words(candidate).toLowerCase());
  return candidates
    .filter((candidate) => words(candidate) !== '')
    .reduce<T | undefined>((best, next) => (best === undefined || apart(next) < apart(best) ? next : best), undefined);
}

const describe = (screen: Screen) =>
  screen.elements
    .map(shown)
    .filter((text) => text !== '')
    .join(' | ')
    .slice(0, 400);

export interface AgentTask {
  name: string;
  /** What a person would ask. */
  goal: string;
  /** Apps stopped before the task (not counted): every server starts from the same screens. */
  apps: string[];
  expected: string;
  /** Why the task is not run on a phone with the operator app (its column shows it as not run). */
  notWithOperator?: string;
  run(agent: Agent): Promise<string>;
}

const SETTINGS = 'com.android.settings';

export const TASKS: AgentTask[] = [
  {
    name: 'network-first-entry',
    goal: 'Open Settings > Network & internet and read the first entry',
    apps: [SETTINGS],
    expected: 'Wi-Fi',
    async run(agent) {
      await agent.open(SETTINGS);
      await agent.tapOn('Network & internet');
      const title = agent.expect('Network & internet');
      const first = firstBelow(agent.screen, title);
      return first === undefined ? '' : shown(first);
    },
  },
  {
    name: 'sign-in',
    goal: 'Sign in to the login app as alice and read the greeting',
    apps: ['com.svc.login'],
    expected: 'Welcome, alice',
    async run(agent) {
      await agent.open('com.svc.login');
      await agent.fill(
        [
          [findInput(agent.screen, 'Username'), 'alice'],
          [findInput(agent.screen, 'Password'), 'secret'],
        ],
        'Log in',
      );
      return findStarting(agent.screen, 'Welcome')?.text ?? '';
    },
  },
  {
    name: 'code-sign-in',
    goal: 'Sign in to the login app as alice with the code it sends by notification (Forgot password?), and read the greeting',
    apps: ['com.svc.login'],
    expected: 'Welcome, alice',
    async run(agent) {
      await agent.open('com.svc.login');
      await agent.fill([[findInput(agent.screen, 'Username'), 'alice']], 'Forgot password?');
      const code = await agent.readCode('com.svc.login');
      await agent.fill([[findInput(agent.screen, 'Code'), code]], 'Verify');
      return findStarting(agent.screen, 'Welcome')?.text ?? '';
    },
  },
  {
    name: 'far-item-value',
    goal: 'Open Settings > About phone (below the first screen) and read the build number',
    apps: [SETTINGS],
    expected: 'AP3A.241105.007',
    async run(agent) {
      await agent.open(SETTINGS);
      await agent.reach('About phone');
      agent.expect('About phone');
      return agent.valueOf('Build number');
    },
  },
  {
    name: 'wrong-turn',
    goal: 'Is USB debugging on? (the agent looks under System first, as on many phones, then goes back)',
    apps: [SETTINGS],
    expected: 'on',
    async run(agent) {
      await agent.open(SETTINGS);
      await agent.tapOn('System');
      if (find(agent.screen, 'USB debugging') === undefined) {
        await agent.back();
        agent.expect('Network & internet'); // back on the Settings list
        await agent.reach('Developer options');
      }
      const toggle = findToggle(agent.screen, 'USB debugging');
      if (toggle === undefined) throw new Error(`no USB debugging switch on screen`);
      return isChecked(toggle) ? 'on' : 'off';
    },
  },
  {
    name: 'mistakes',
    goal: 'Open Settings > Network & internet and read the first entry, mistyping the package name, then the entry',
    apps: [SETTINGS],
    expected: 'Wi-Fi',
    async run(agent) {
      await agent.openNamed('com.android.setings');
      await agent.tapText('Ntwork & intrnet');
      const title = agent.expect('Network & internet');
      const first = firstBelow(agent.screen, title);
      return first === undefined ? '' : shown(first);
    },
  },
  {
    name: 'raise-target',
    goal: 'Raise the thermostat target one step and read the new target',
    apps: ['com.svc.thermostat'],
    expected: '23.0°C',
    async run(agent) {
      await agent.open('com.svc.thermostat');
      await agent.tapOn('Raise target');
      return agent.valueOf('Target');
    },
  },
  {
    name: 'web-sign-in',
    goal: 'Sign in on a web page in Chrome as alice@example.com and read the greeting',
    apps: ['com.android.chrome'],
    expected: 'Welcome, alice',
    notWithOperator: 'pages are read through DevTools by the adb driver only',
    async run(agent) {
      await agent.open(await signInPage());
      await agent.fill(
        [
          [findInput(agent.screen, 'Email'), 'alice@example.com'],
          [findInput(agent.screen, 'Password'), 'secret'],
        ],
        'Sign in',
      );
      return findStarting(agent.screen, 'Welcome')?.text ?? '';
    },
  },
  {
    name: 'save-note',
    goal: 'Write the note "buy milk" in the notes app, save it and read what the app says it saved',
    apps: ['com.svc.notes'],
    expected: 'Last note: buy milk',
    async run(agent) {
      await agent.open('com.svc.notes');
      await agent.fill([[findInput(agent.screen), 'buy milk']], 'Save');
      const saved = () => findStarting(agent.screen, 'Last note:')?.text ?? '';
      if (saved() !== 'Last note: buy milk') {
        // Driven by taps (a stock phone), the soft keyboard the field opened covers Save, as on a phone: the tap
        // lands on the keyboard. Close it and tap again.
        await agent.back();
        await agent.tapOn('Save');
      }
      return saved();
    },
  },
];
