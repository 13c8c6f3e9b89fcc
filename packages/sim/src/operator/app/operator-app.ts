// The published operator app installed on the simulated phone (issue 27): its package and version (versionCode by
// the app's Gradle formula), launcher activity, accessibility service, notification listener and manifest command
// receiver, all named from the variant's brand word; the receiver feeds the app's code (receiver.ts onward).
import { appPid } from '../../device/process-table.ts';
import type { DeviceApi } from '../../device/types.ts';
import { planEnvelopeFaults, takeDisconnect } from '../../faults/emit-faults.ts';
import type { FaultControl } from '../../faults.ts';
import { uidOf } from '../../shell/commands/dumpsys-package.ts';
import { registerPackage } from '../../ui/install-apps.ts';
import { VirtualUi } from '../../ui/virtual-ui.ts';
import { PanelController } from '../panel/controller.ts';
import { AppLog } from './app-log.ts';
import { BRANDS, type OperatorVariant, operatorIds, versionCodeOf } from './brand.ts';
import { DeviceBridge } from './device-bridge.ts';
import { chunkLines, envelopeJson, type ResultEnvelope } from './envelope.ts';
import { CommandExecutor } from './executor.ts';
import { Inspector } from './inspector.ts';
import { type Clock, Job, REAL_CLOCK } from './job.ts';
import { OnScreenLogHost } from './on-screen-log.ts';
import { parseAgentCommand } from './parser.ts';
import { onReceive } from './receiver.ts';
import { RecordingManager } from './recording.ts';
import { TreeManager } from './tree-manager.ts';

/** The version users install (issue 27: supported 0.5.0–0.5.3, whose operator code is identical). */
export const PUBLISHED_OPERATOR_VERSION = '0.5.2';

export interface PublishedOperatorOptions {
  variant: OperatorVariant;
  /** `com.<brand>.operator` (release) by default; `.dev` is the debug build (class-name log tags, `-d` version). */
  package?: string;
  /** X.Y.Z of the build (default 0.5.2); a debug build reports it with `-d`. */
  versionName?: string;
  /** Enable the accessibility service at install, as the host's grant would. Default true. */
  accessibility?: boolean;
  clock?: Clock;
  random?: () => number;
}

export interface PublishedOperatorHandle {
  readonly package: string;
  readonly action: string;
  readonly accessibilityComponent: string;
  attach(hooks: { faults?: FaultControl; disconnect?: () => void }): void;
  /** Settles when every command received so far has written its result (or been dropped). */
  idle(): Promise<void>;
}

function virtualUi(device: DeviceApi): VirtualUi {
  if (!(device.ui instanceof VirtualUi))
    throw new Error('the operator needs the virtual UI (installVirtualApps first)');
  return device.ui;
}

export function installPublishedOperator(
  device: DeviceApi,
  options: PublishedOperatorOptions,
): PublishedOperatorHandle {
  const brand = BRANDS[options.variant];
  const pkg = options.package ?? `com.${brand.word}.operator`;
  const debug = pkg.endsWith('.dev');
  const version = options.versionName ?? PUBLISHED_OPERATOR_VERSION;
  const ids = operatorIds(brand, pkg);
  const clock = options.clock ?? REAL_CLOCK;
  const ui = () => virtualUi(device);
  const app = {
    package: pkg,
    label: `${brand.display} Operator`,
    launchable: true,
    start: 'main',
    versionName: debug ? `${version}-d` : version,
    screens: { main: { root: { children: [{ class: 'TextView', id: 'status', text: 'Operator ready' }] } } },
  };
  ui().install(app);
  registerPackage(device, app, true);
  const entry = device.packages.get(pkg)!;
  entry.versionCode = versionCodeOf(version);
  entry.launcherActivity = ids.launcherActivity;
  if (options.accessibility !== false) {
    const key = 'enabled_accessibility_services';
    const current = (device.settings.secure.get(key) ?? '').split(':').filter(Boolean);
    if (!current.includes(ids.accessibilityService)) current.push(ids.accessibilityService);
    device.settings.secure.set(key, current.join(':'));
    device.settings.secure.set('accessibility_enabled', '1');
  }
  let faults: FaultControl | undefined;
  let disconnect: (() => void) | undefined;
  const log = new AppLog(
    device,
    appPid(pkg),
    () => (device.packages.has(pkg) ? uidOf(device.packages.get(pkg)!) : 0),
    !debug,
  );
  const bridge = new DeviceBridge(device, ui, ids.accessibilityService);
  const inspector = new Inspector(bridge, log);
  const tree = new TreeManager(bridge, log);
  const recording = new RecordingManager(device, pkg, log);
  const apiLevel = () => Number(device.props.get('ro.build.version.sdk') ?? 35);
  const panel = brand.onScreenLog ? new OnScreenLogHost(new PanelController(ui, apiLevel, () => faults)) : undefined;
  const random = options.random ?? Math.random;

  async function writeResult(envelope: ResultEnvelope): Promise<void> {
    const plan = planEnvelopeFaults(faults);
    if (plan.delayMs > 0) await new Job(clock).delay(plan.delayMs);
    const canonical = (e: ResultEnvelope) => `${ids.resultMarker} ${envelopeJson(e)}`;
    if (plan.foreignFirst) log.i('Executor', canonical({ ...envelope, commandId: `${envelope.commandId}-other` }));
    if (plan.drop) return;
    if (plan.malformed) {
      const line = canonical(envelope);
      log.i('Executor', line.slice(0, line.indexOf('"taskId"') + 5));
      return;
    }
    const line = canonical(envelope);
    if (!brand.chunkedResults) return log.i('Executor', line);
    for (const part of chunkLines(line, envelope, ids.chunkMarker)) {
      log.i('Executor', part);
      // Written 1 ms apart (ResultEnvelopeTransport.publishResultEnvelope).
      await new Job(clock).delay(1);
    }
  }

  const executor = new CommandExecutor({
    log,
    commandTag: ids.commandTag,
    rootJob: () => new Job(clock),
    writeResult,
    context: (job, sink) => ({
      job,
      log,
      sink,
      random,
      inspector,
      tree,
      bridge,
      brand,
      device,
      recording,
      onScreenLog: panel,
      release: !debug,
      afterFirstStep: () => {
        if (takeDisconnect(faults)) disconnect?.();
      },
    }),
  });
  const pending = new Set<Promise<void>>();
  const parts = { log, bridge, executor, writeResult, parse: (p: string) => parseAgentCommand(p, brand) };
  device.registerReceiver(
    pkg,
    ids.action,
    (intent) => {
      const run = onReceive(parts, intent);
      if (!run) return;
      const tracked = run
        .catch((error: unknown) => log.e('Receiver', `operator crashed: ${String(error)}`))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    { manifest: true },
  );
  return {
    package: pkg,
    action: ids.action,
    accessibilityComponent: ids.accessibilityService,
    attach(hooks) {
      if (hooks.faults) faults = hooks.faults;
      if (hooks.disconnect) disconnect = hooks.disconnect;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
