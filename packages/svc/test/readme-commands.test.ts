// Every fenced command of README.md, run as written, in README order, in one bash session (so `export`, files and
// background jobs carry over as in a user's terminal), against the simulator through real adb on a private adb
// server and HOME. The only departures are listed below with their reason: commands not run at all, commands
// started in the background because they run until Ctrl-C, the one stream read for a few seconds, and the
// placeholders of the README (a serial, a port, a repository URL) filled with this lab's values.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../sim/src/testing/free-port.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { createEmulatorLab, type EmulatorLab } from './emulators-helpers.ts';
import { PersistentShell, type ReadmeCommand, readmeCommands } from './readme-shell.ts';
import { isolatedEnv, MAIN } from './run-cli.ts';
import { createFixtureRepo, gitIn } from './skills-fixture.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const README = join(REPO, 'README.md');

/** Not run, and why (matched on the command without its trailing comment). */
const NOT_RUN: Record<string, string> = {
  'npm ci': 'reinstalls every dependency of the clone (network, minutes); this test runs inside that clone',
  'npm pack -w svc-android -w svc-sim': 'packs the tarballs; install-from-tarball.test.ts packs and installs them',
  'npm install -g ./svc-android-0.1.0.tgz':
    'a global install; install-from-tarball.test.ts installs into a temporary prefix',
  'npm install -g ./svc-sim-0.1.0.tgz':
    'a global install; install-from-tarball.test.ts installs into a temporary prefix',
  'npx svc-android@file:./svc-android-0.1.0.tgz doctor':
    'needs the packed tarball; install-from-tarball.test.ts runs it',
  'npm test': 'this test is part of npm test',
  'npx svc sim start --no-operator':
    'the alternative to the line before it; two devices would make the tour ask for --device (the adb-driver suites run a stock phone)',
  'curl -fLO https://downloads.clawperator.com/operator/v0.5.2/operator-v0.5.2.apk':
    'a download of the published operator from the internet (svc never downloads it); the simulator installs that operator itself (svc-sim start --operator clawperator, driven by published-operator.test.ts and doctor-published-operator.test.ts)',
  'curl -fLO https://downloads.clawperator.com/operator/v0.5.2/operator-v0.5.2.apk.sha256':
    'a download of the published operator from the internet (svc never downloads it); the simulator installs that operator itself (svc-sim start --operator clawperator, driven by published-operator.test.ts and doctor-published-operator.test.ts)',
  'test "$(sha256sum operator-v0.5.2.apk | cut -d\' \' -f1)" = "$(cut -d\' \' -f1 operator-v0.5.2.apk.sha256)" && echo OK':
    'checks the downloaded APK, which this test does not download',
  'npx svc operator setup --apk operator-v0.5.2.apk --sha256 operator-v0.5.2.apk.sha256 --operator-package com.clawperator.operator':
    'installs the downloaded APK; cli-e2e-operator-setup.test.ts installs an APK on the simulator',
  'npx svc inspect --open':
    'opens a browser and serves until Ctrl-C; inspector-browser.test.ts drives the page in Chromium',
};

/** Commands that must fail here, with this code, and why (the README says where they work). */
const REFUSED: Record<string, [code: string, why: string]> = {
  'npx svc location 48.8584 2.2945': [
    'LOCATION_UNSUPPORTED',
    'the README says "emulators on this computer only"; the tour device is a network device',
  ],
  'npx svc notifications --wait --app com.example.bank --extract code --timeout-ms 2000': [
    'NOTIFICATION_WAIT_TIMEOUT',
    'nothing posts a notification while the tour runs; notifications.test.ts waits for one that comes',
  ],
  'npx svc sms --max 5': [
    'SMS_UNAVAILABLE',
    'the README says "else SMS_UNAVAILABLE"; the simulated phone keeps its messages from the shell, as many phones do',
  ],
  'npx svc clipboard get': [
    'CLIPBOARD_UNAVAILABLE',
    'the README says "where the phone refuses"; the simulated Android 15 keeps its clipboard from the shell, as phones do',
  ],
};

/**
 * What the README shows a command prints (in its comment or a block beside it), checked on what it printed here, so
 * the README cannot drift from the output. Keyed like NOT_RUN.
 */
const SHOWN: Record<string, (stdout: string) => void> = {
  'npm run demo': (out) => {
    assert.match(out, /^ok cli-demo-\S+ on \S+/m);
    for (const action of ['open_app', 'wait_for_node', 'snapshot_ui', 'read_text', 'take_screenshot']) {
      assert.match(out, new RegExp(`^✔ +\\S+ +${action} `, 'm'), action);
    }
  },
  'npx svc devices': (out) => {
    const [device] = JSON.parse(out);
    assert.equal(device.state, 'device');
    assert.equal(typeof device.model, 'string');
    assert.match(device.driver, /^(adb|operator)$/);
  },
  'npx svc read --id com.android.settings:id/title': (out) => {
    assert.equal(JSON.parse(out).envelope.stepResults[0].data.text, 'Network & internet');
  },
  'npx svc exec execution.json --validate-only': (out) => {
    assert.deepEqual(JSON.parse(out), { ok: true, validated: true });
  },
  'npx svc click --text OK --dry-run': (out) => {
    assert.equal(JSON.parse(out).execution.actions[0].type, 'click');
  },
  'npx svc open com.android.settings --screen full': (out) => {
    // The ```text block of "Screens for agents" quotes these lines.
    const text: string = JSON.parse(out).screen;
    assert.match(text, /^# com\.android\.settings 1080x2400, 20 elements$/m);
    assert.match(text, /^e2 textfield desc="Search settings" id=search_src_text \[0,310\]\[1080,450\]$/m);
    assert.match(text, /^e4 listitem "Network & internet" \[0,450\]\[1080,560\] tap$/m);
  },
  'npx svc click --ref e4 --screen diff': (out) => {
    assert.match(
      JSON.parse(out).screen,
      /^# com\.android\.settings 1080x2400, 7 elements\ne\d+ button desc="Navigate up"/,
    );
  },
  'npx svc back --screen diff': (out) => {
    // Back from a read before the last one: the list's lines again, under the refs they were read with first.
    const { screen } = JSON.parse(out);
    assert.match(screen, /^# com\.android\.settings 1080x2400[,:] /);
    assert.match(screen, /\ne4 listitem "Network & internet" /);
  },
  'npx svc snapshot --format compact --max-chars 300': (out) => {
    const text: string = JSON.parse(out).envelope.stepResults[0].data.text;
    // 300 characters in all: the header and the note of what was left out included.
    assert.ok(text.length <= 300, text);
    assert.match(text, /^… \d+ more elements \(\d+ to act on\) left out by the budget/m);
  },
  'npx svc press enter': (out) => {
    assert.equal(JSON.parse(out).envelope.stepResults[0].data.key, 'enter');
  },
  'npx svc foreground': (out) => {
    const keys = Object.keys(JSON.parse(out));
    for (const key of ['package', 'activity', 'component', 'focusedWindow', 'locked']) assert.ok(keys.includes(key));
  },
  'npx svc daemon status': (out) => {
    assert.match(JSON.parse(out).daemon.status, /^(running|not_running)$/);
  },
  'npx svc skills new com.android.settings.open-wifi': (out) => {
    const files: string[] = JSON.parse(out).files;
    for (const file of ['SKILL.md', 'scripts/run.js', 'artifacts/open-and-snapshot.recipe.json']) {
      assert.ok(
        files.some((f) => f.endsWith(file)),
        file,
      );
    }
  },
};

/** Run until Ctrl-C: started with `&`; the session waits until each is ready, and stops them at the end. */
const BACKGROUND = [/^npx svc sim start\b/, /^npx svc-sim start\b/, /^npx svc serve\b/];
/** An endless stream (SSE): read for a few seconds, then cut (`timeout` answers 124). */
const STREAMS = [/^curl -N /];

const bare = (command: string) => command.replace(/\s+#.*$/, '').trim();

describe('the README, command by command', () => {
  let emu: EmulatorLab;
  let shell: PersistentShell;
  let view: string;
  let skillsRepo: string;
  /** The README's placeholders and what stands for them here. */
  const placeholders: [RegExp, () => string][] = [
    [/127\.0\.0\.1:40123/g, () => tourSerial],
    [/<serial>/g, () => simSerial],
    [/localhost:3000/g, () => `localhost:${servePort}`],
    [/--port 3000/g, () => `--port ${servePort}`],
    [/https:\/\/github\.com\/you\/your-skills\.git/g, () => skillsRepo],
  ];
  let tourSerial = '';
  let simSerial = '';
  let servePort = 0;

  before(async () => {
    // The emulator commands need an Android SDK: the svc-sim stand-ins, which ANDROID_HOME points at.
    emu = await createEmulatorLab();
    // The clone as the user has it, with room for the files the README writes (screen.png, execution.json, ...).
    view = mkdtempSync(join(tmpdir(), 'svc-readme-'));
    for (const entry of readdirSync(REPO)) if (entry !== '.git') symlinkSync(join(REPO, entry), join(view, entry));
    // The installed `svc` of the Install section (proven by install-from-tarball.test.ts), on a Node 24.
    const bin = join(view, '.bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync(MAIN, join(bin, 'svc'));
    // The skills repository the README's `skills install --repo` names stands here, with the tag it syncs to.
    const fixture = createFixtureRepo();
    gitIn(fixture.dir, 'tag', 'v1.2.0');
    skillsRepo = join(fixture.dir, '..', `${fixture.dir.split('/').at(-1)}.git`);
    execFileSync('git', ['clone', '--quiet', '--bare', fixture.dir, skillsRepo]);
    rmSync(fixture.dir, { recursive: true, force: true, maxRetries: 5 });
    servePort = await freePort();
    const env = isolatedEnv({ ...emu.env, PATH: `${bin}:${process.env.PATH ?? ''}`, NO_COLOR: '1' });
    delete env.NODE_OPTIONS;
    shell = new PersistentShell(view, env);
  });
  after(async () => {
    await shell?.stopJobs().catch(() => undefined);
    await shell?.close();
    await stopDaemonsOf(emu.lab.home);
    await emu?.close();
    rmSync(view, { recursive: true, force: true, maxRetries: 5 });
    rmSync(skillsRepo, { recursive: true, force: true, maxRetries: 5 });
  });

  /** The command with this lab's values in place of the README's placeholders. */
  function filled(command: ReadmeCommand): string {
    return placeholders.reduce((text, [pattern, value]) => text.replace(pattern, value()), command.text);
  }

  async function devicesNow(): Promise<string[]> {
    const { stdout } = await emu.lab.adb('devices');
    return [...stdout.matchAll(/^(\S+)\tdevice$/gm)].map((m) => m[1] as string);
  }

  async function waitFor(what: string, ready: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error(`${what} did not become ready`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Starts a long-running command with `&`, and returns when it serves. */
  async function background(command: string): Promise<void> {
    const before = await devicesNow();
    const log = `bg-${Date.now()}.log`;
    await shell.run(`${command} > ${log} 2>&1 &`);
    if (command.startsWith('npx svc serve')) {
      // Any answer of svc (every one carries X-Svc-Version; without the token it is 401): the server is up.
      await waitFor(command, () =>
        fetch(`http://127.0.0.1:${servePort}/devices`).then(
          (r) => r.headers.get('x-svc-version') !== null,
          () => false,
        ),
      );
      return;
    }
    const count = Number(/-n (\d+)/.exec(command)?.[1] ?? 1);
    await waitFor(command, async () => (await devicesNow()).filter((s) => !before.includes(s)).length >= count);
    const added = (await devicesNow()).filter((s) => !before.includes(s));
    if (tourSerial === '') tourSerial = added[0] as string;
    else simSerial = added[0] as string;
    // The control line follows the devices' connection: wait for it rather than read the log once.
    await waitFor(`${command} (control line)`, async () => /control: http/.test(readFileSync(join(view, log), 'utf8')));
  }

  /**
   * What a section assumes of the user's machine. "Plug in a phone and go": a phone with nothing installed (a stock
   * simulated one, on the lab's adb server), unplugged when the section ends, since the tour that follows starts
   * from no device. The toolbox: the APK the user built (a simulator APK of com.example.app).
   */
  const SECTIONS: Record<string, { enter?: () => Promise<void>; leave?: () => Promise<void> }> = {
    'Plug in a phone and go': {
      enter: async () => {
        phone = await emu.lab.addDevice({ operator: false });
      },
      leave: async () => {
        if (phone) await emu.lab.removeDevice(phone);
      },
    },
    'The device toolbox': {
      enter: async () => {
        const manifest = { svcSimApk: 1, package: 'com.example.app', versionName: '1.0', versionCode: 1 };
        writeFileSync(join(view, 'app-debug.apk'), `${JSON.stringify({ ...manifest, launcherActivity: '.Main' })}\n`);
      },
    },
  };
  let phone: Awaited<ReturnType<EmulatorLab['lab']['addDevice']>> | undefined;

  test('every ```sh command of the README runs as written and succeeds', { timeout: 900_000 }, async () => {
    const commands = readmeCommands(README);
    assert.ok(commands.length > 40, `found only ${commands.length} commands`);
    const failures: string[] = [];
    let ran = 0;
    let section = '';
    const seen = new Set<string>();
    for (const command of commands) {
      if (command.section !== section) {
        await SECTIONS[section]?.leave?.();
        section = command.section;
        await SECTIONS[section]?.enter?.();
      }
      const key = bare(command.text);
      seen.add(key);
      if (Object.hasOwn(NOT_RUN, key)) continue;
      const text = filled(command);
      // A command changed by the harness loses its trailing comment first (it would swallow the `&`).
      if (BACKGROUND.some((pattern) => pattern.test(key))) {
        await background(filled({ ...command, text: key }));
        continue;
      }
      const stream = STREAMS.some((pattern) => pattern.test(key));
      const result = await shell
        .run(stream ? `timeout 3 ${filled({ ...command, text: key })}` : text, 90_000)
        .catch((error: Error) => ({ code: -1, stdout: '', stderr: error.message }));
      ran += 1;
      if (process.env.README_TRACE) console.log(`[${result.code}] ${key.split('\n')[0]}`);
      // curl exits 0 on any HTTP answer: the README's requests must also answer `{ "ok": true, ... }`.
      const answered = !key.startsWith('curl -s') || /^\s*\{\s*"ok"\s*:\s*true/.test(result.stdout);
      const refused = REFUSED[key];
      const ok = stream
        ? result.code === 124 && /event: heartbeat/.test(result.stdout)
        : refused
          ? result.code === 1 && JSON.parse(result.stdout || '{}').code === refused[0]
          : result.code === 0 && answered;
      const shown = ok ? SHOWN[key] : undefined;
      try {
        shown?.(result.stdout);
      } catch (error) {
        failures.push(
          `[${command.section}] ${text}\n  prints what the README does not show: ${(error as Error).message}`,
        );
      }
      if (!ok) {
        failures.push(
          `[${command.section}] ${text}\n  exit ${result.code}\n  stdout: ${result.stdout.slice(0, 600)}\n  stderr: ${result.stderr.slice(0, 600)}`,
        );
      }
    }
    await SECTIONS[section]?.leave?.();
    // Every departure names a command the README has (a departure left behind by an edit would hide nothing).
    for (const key of [...Object.keys(SHOWN), ...Object.keys(NOT_RUN), ...Object.keys(REFUSED)]) {
      assert.ok(seen.has(key), `the test names a command the README lacks: ${key}`);
    }
    assert.deepEqual(failures, [], `README commands that failed:\n${failures.join('\n')}`);
    assert.ok(ran > 35, `ran only ${ran}`);
  });

  test("each command's section is the heading above it, never a # line inside a code block", () => {
    // The ```text block of the compact screen starts with `# com.android.settings ...`.
    const sections = new Set(readmeCommands(README).map((command) => command.section));
    assert.ok(sections.has('The device toolbox'));
    assert.ok(![...sections].some((section) => section.startsWith('com.android.settings')), [...sections].join(', '));
  });

  test('the README installs svc by its npm package name, whose command is svc, and configures MCP clients with it', () => {
    const manifest = JSON.parse(readFileSync(join(REPO, 'packages', 'svc', 'package.json'), 'utf8'));
    // `svc` on the npm registry is an unrelated package (`npm view svc`: "Scalable Vector Converter", 0.3.0).
    assert.notEqual(manifest.name, 'svc');
    assert.deepEqual(Object.keys(manifest.bin), ['svc'], 'the one command, so `npx <package>` runs it');
    const readme = readFileSync(README, 'utf8');
    const tarball = `./${manifest.name}-${manifest.version}.tgz`;
    for (const line of [
      `npm install -g ${manifest.name}`,
      `npm pack -w ${manifest.name} -w svc-sim`,
      `npm install -g ${tarball}`,
      `npx ${manifest.name}@file:${tarball} doctor`,
      `"args": ["-y", "${manifest.name}", "mcp"]`,
    ]) {
      assert.ok(readme.includes(line), line);
    }
    // A phone on a non-default adb server: the MCP entry names it in `env`, as for adb.
    const entries = [...readme.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => JSON.parse(m[1] ?? '{}'));
    assert.ok(
      entries.some((entry) => entry.mcpServers?.svc?.env?.ADB_SERVER_SOCKET?.startsWith('tcp:')),
      'an MCP entry with env.ADB_SERVER_SOCKET',
    );
  });

  test('every ```json block of the README is valid JSON', () => {
    const blocks = [...readFileSync(README, 'utf8').matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
    assert.ok(blocks.length >= 2);
    for (const block of blocks) JSON.parse(block);
  });
});
