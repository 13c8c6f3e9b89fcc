// The device's `sh -c <command line>`: parses, expands and runs the command line against the device model, with
// mksh's exit statuses (127 for an unknown command, 1 for a syntax error) and its builtins (export, exec, exit, ...).
import { normalizePath } from '../adbd/sync/sync-files.ts';
import { recordCommandLine } from '../device/command-log.ts';
import type { DeviceApi, ShellIO } from '../device/types.ts';
import { COMMANDS } from './commands/index.ts';
import { expandToString, expandWord, type ShellVars } from './expand.ts';
import { type AndOrList, type Pipeline, parse, type Script, ShellSyntaxError, type SimpleCommand } from './parse.ts';
import { bytesInput, createPipe, emptyInput, fileSink, nullSink, type Sink } from './streams.ts';

const SH = '/system/bin/sh';

const DEFAULT_ENV: Record<string, string> = {
  PATH: '/product/bin:/apex/com.android.runtime/bin:/apex/com.android.art/bin:/system_ext/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin:/vendor/xbin',
  HOME: '/',
  USER: 'shell',
  LOGNAME: 'shell',
  SHELL: '/bin/sh',
  TMPDIR: '/data/local/tmp',
  ANDROID_DATA: '/data',
  ANDROID_ROOT: '/system',
  EXTERNAL_STORAGE: '/sdcard',
  ANDROID_STORAGE: '/storage',
};

interface Streams {
  stdin: AsyncIterable<Uint8Array>;
  out: Sink;
  err: Sink;
}

interface ShellState extends ShellVars {
  exited: boolean;
  /** `trap '' HUP` ran: the shell and the commands it starts ignore the session's hang-up (as nohup makes them). */
  hangupIgnored?: boolean;
  /** The argv of every simple command run, for the device's command record. */
  ran?: string[][];
}

export async function runShellCommandLine(device: DeviceApi, commandLine: string, io: ShellIO): Promise<number> {
  recordCommandLine(device.commandLog, commandLine);
  const record = device.commands.record({ kind: io.service ?? 'shell', line: commandLine, argv: [] });
  let script: Script;
  try {
    script = parse(commandLine);
  } catch (error) {
    if (!(error instanceof ShellSyntaxError)) throw error;
    await io.writeStderr(`${SH}: ${error.message}\n`);
    return error.message.includes('not supported') ? 2 : 1;
  }
  const env = new Map(
    Object.entries({ HOSTNAME: device.props.get('ro.product.device') ?? 'localhost', ...DEFAULT_ENV }),
  );
  const ran = record.kind === 'broadcast' ? [] : record.argv;
  const state: ShellState = { values: env, exported: new Set(env.keys()), status: 0, exited: false, ran };
  const streams: Streams = { stdin: io.stdin, out: (c) => io.writeStdout(c), err: (c) => io.writeStderr(c) };
  for (const list of script) {
    if (list.background) {
      // A background job runs in a subshell; what it prints after the session ended goes nowhere. It still hears
      // the session's hang-up (the abort signal) unless started under nohup or after `trap '' HUP` (an ignored
      // signal stays ignored across exec: POSIX, and how nohup itself works).
      const sub: ShellState = { ...state, values: new Map(state.values), exported: new Set(state.exported) };
      const quiet =
        (sink: Sink): Sink =>
        (chunk) =>
          sink(chunk).catch(() => {});
      const detached = { stdin: emptyInput, out: quiet(streams.out), err: quiet(streams.err) };
      void runList(list, device, sub, detached, state.hangupIgnored ? NEVER : io.signal).catch(() => {});
      state.status = 0;
      continue;
    }
    state.status = await runList(list, device, state, streams, io.signal);
    if (state.exited || io.signal.aborted) break;
  }
  return state.status;
}

async function runList(
  list: AndOrList,
  device: DeviceApi,
  state: ShellState,
  streams: Streams,
  signal: AbortSignal,
): Promise<number> {
  let status = await runPipeline(list.first, device, state, streams, signal);
  for (const { op, pipeline } of list.rest) {
    if (state.exited) break;
    if ((op === '&&') === (status === 0)) status = await runPipeline(pipeline, device, state, streams, signal);
  }
  return status;
}

async function runPipeline(
  pipeline: Pipeline,
  device: DeviceApi,
  state: ShellState,
  streams: Streams,
  signal: AbortSignal,
): Promise<number> {
  const { commands } = pipeline;
  let status: number;
  if (commands.length === 1 && commands[0]) status = await runSimple(commands[0], device, state, streams, signal);
  else {
    const runs: Promise<number>[] = [];
    let input = streams.stdin;
    for (let i = 0; i < commands.length; i++) {
      const last = i === commands.length - 1;
      const pipe = last ? undefined : createPipe();
      const stage = { stdin: input, out: pipe ? pipe.sink : streams.out, err: streams.err };
      // Each stage of a pipeline runs in a subshell: `exit` there does not end the script.
      const sub: ShellState = { ...state, values: new Map(state.values), exported: new Set(state.exported) };
      const command = commands[i] as SimpleCommand;
      runs.push(
        runSimple(command, device, sub, stage, signal).finally(() => {
          pipe?.close();
        }),
      );
      if (pipe) input = pipe.input;
    }
    const results = await Promise.all(runs);
    status = results.at(-1) ?? 0;
  }
  return pipeline.negated ? (status === 0 ? 1 : 0) : status;
}

async function openRedirects(command: SimpleCommand, device: DeviceApi, state: ShellState, streams: Streams) {
  const fds = new Map<number, Sink>([
    [1, streams.out],
    [2, streams.err],
  ]);
  let stdin = streams.stdin;
  for (const r of command.redirects) {
    const target = expandToString(r.target, state);
    if (r.op === '>&' || r.op === '<&') {
      const source = fds.get(Number(target));
      if (target === '-') fds.set(r.fd, nullSink);
      else if (source && /^\d$/.test(target)) fds.set(r.fd, source);
      else throw new Error(`${target}: bad file descriptor`);
    } else if (r.op === '<' && target === '/dev/null') {
      // `adb install` (push mode) ends with `rm <apk> </dev/null`.
      stdin = emptyInput;
    } else if (r.op === '<') {
      const file = device.files.get(normalizePath(target));
      if (!file) throw new Error(`can't open ${target}: No such file or directory`);
      stdin = bytesInput(file.data);
    } else if (target === '/dev/null') fds.set(r.fd, nullSink);
    else if (target === '/dev/stdout' || target === '/dev/tty') fds.set(r.fd, fds.get(1) ?? nullSink);
    else if (target === '/dev/stderr') fds.set(r.fd, fds.get(2) ?? nullSink);
    else fds.set(r.fd, fileSink(device, target, r.op === '>>'));
  }
  return { stdin, out: fds.get(1) ?? nullSink, err: fds.get(2) ?? nullSink };
}

const NEVER = new AbortController().signal;

/** `which NAME...` (toybox): the path of each command; status 1 when one is missing. */
async function whichCommand(device: DeviceApi, names: readonly string[], io: Streams): Promise<number> {
  let status = 0;
  for (const wanted of names) {
    if (!hasCommand(device, wanted)) status = 1;
    else await io.out(`/system/bin/${wanted}\n`);
  }
  return status;
}

function hasCommand(device: DeviceApi, name: string): boolean {
  return COMMANDS.has(name) && !device.missingCommands.has(name);
}

/** `/system/bin/am` finds `am`, as PATH lookup would. */
function commandName(name: string): string {
  const match = /^\/(?:system\/bin|system\/xbin|bin|vendor\/bin|product\/bin)\/([^/]+)$/.exec(name);
  return match?.[1] ?? name;
}

async function runSimple(
  command: SimpleCommand,
  device: DeviceApi,
  state: ShellState,
  streams: Streams,
  signal: AbortSignal,
): Promise<number> {
  let argv = command.words.flatMap((w) => expandWord(w, state, () => device.files.keys()));
  const assigned = command.assignments.map(({ name, value }) => [name, expandToString(value, state)] as const);
  let io: Streams;
  try {
    io = await openRedirects(command, device, state, streams);
  } catch (error) {
    await streams.err(`${SH}: ${(error as Error).message}\n`);
    return 1;
  }
  if (argv.length === 0) {
    for (const [name, value] of assigned) state.values.set(name, value);
    return 0;
  }
  let exec = false;
  if (argv[0] === 'exec') {
    exec = true;
    argv = argv.slice(1);
    if (argv.length === 0) return 0;
  }
  const [name = '', ...args] = argv;
  state.ran?.push(argv);
  const status = await dispatch(commandName(name), name, args, assigned, device, state, io, signal);
  if (exec) state.exited = true;
  state.status = status;
  return status;
}

async function dispatch(
  name: string,
  shownName: string,
  args: string[],
  assigned: readonly (readonly [string, string])[],
  device: DeviceApi,
  state: ShellState,
  io: Streams,
  signal: AbortSignal,
): Promise<number> {
  switch (name) {
    case 'export':
      for (const arg of args) {
        const eq = arg.indexOf('=');
        const key = eq < 0 ? arg : arg.slice(0, eq);
        if (eq >= 0) state.values.set(key, arg.slice(eq + 1));
        state.exported.add(key);
      }
      return 0;
    case 'unset':
      for (const arg of args) {
        state.values.delete(arg);
        state.exported.delete(arg);
      }
      return 0;
    case 'exit':
      state.exited = true;
      return args[0] === undefined ? state.status : Number(args[0]) & 0xff;
    case ':':
    case 'cd':
      return 0;
    case 'trap':
      // Only `trap '' HUP` (ignore the hang-up) has an effect here; other traps are accepted and do nothing.
      if (args[0] === '' && args.slice(1).some((sig) => /^(?:HUP|SIGHUP|1)$/.test(sig))) state.hangupIgnored = true;
      return 0;
    case 'nohup':
      // The command no longer hears the session's hang-up. Toybox's: Android 5's toolbox has none.
      if (device.missingCommands.has('nohup')) {
        await io.err(`${SH}: nohup: not found\n`);
        return 127;
      }
      if (args.length === 0) {
        await io.err('nohup: Needs 1 argument\n');
        return 1;
      }
      return dispatch(
        commandName(args[0] as string),
        args[0] as string,
        args.slice(1),
        assigned,
        device,
        state,
        io,
        NEVER,
      );
    case 'command':
      // `command NAME ARGS` runs NAME; `command -v NAME` answers like `which NAME`.
      if (args[0] !== '-v') {
        if (args.length === 0) return 0;
        return dispatch(
          commandName(args[0] as string),
          args[0] as string,
          args.slice(1),
          assigned,
          device,
          state,
          io,
          signal,
        );
      }
      return whichCommand(device, args.slice(1), io);
    case 'which':
      return whichCommand(device, args, io);
  }
  const run = hasCommand(device, name) ? COMMANDS.get(name) : undefined;
  if (!run) {
    await io.err(`${SH}: ${shownName}: not found\n`);
    return 127;
  }
  const env: Record<string, string> = {};
  for (const key of state.exported) env[key] = state.values.get(key) ?? '';
  for (const [key, value] of assigned) env[key] = value;
  const shellIo: ShellIO = { stdin: io.stdin ?? emptyInput, writeStdout: io.out, writeStderr: io.err, signal, env };
  try {
    return await run(args, shellIo, device);
  } catch (error) {
    // A bug in a simulated command must not take the transport down; report it as a crashing tool would.
    await io.err(`${shownName}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 255;
  }
}
