// The published operator app installed on the simulated phone (issue 27): its package and version (versionCode by
// the app's Gradle formula), launcher activity, accessibility service, notification listener and manifest command
// receiver, all named from the variant's brand word; the receiver feeds the app's code (receiver.ts onward).

import simPackage from '../../package.json' with { type: 'json' };
import { reportAppCrash } from '../device/crash-reports.ts';
import { appPid } from '../device/process-table.ts';
import type { DeviceApi } from '../device/types.ts';
import { planEnvelopeFaults, takeDisconnect } from '../faults/emit-faults.ts';
import type { FaultControl } from '../faults.ts';
import { uidOf } from '../shell/commands/dumpsys-package.ts';
import { registerPackage } from '../ui/install-apps.ts';
import { VirtualUi } from '../ui/virtual-ui.ts';
import { AppLog } from './app-log.ts';
import { brandOf, type OperatorVariant, operatorIds, versionCodeOf } from './brand.ts';
import { DeviceBridge } from './device-bridge.ts';
import { chunkLines, envelopeJson, type ResultEnvelope } from './envelope.ts';
import { CommandExecutor } from './executor.ts';
import { Inspector } from './inspector.ts';
import { type Clock, Job, REAL_CLOCK } from './job.ts';
import type { KotlinException } from './kotlin.ts';
import { OnScreenLogHost } from './on-screen-log.ts';
import { PanelController } from './panel/controller.ts';
import { parseAgentCommand } from './parser.ts';
import { onReceive } from './receiver.ts';
import { RecordingManager } from './recording.ts';
import { throwableString } from './timber-format.ts';
import { TreeManager } from './tree-manager.ts';

/** The version users install (issue 27: supported 0.5.0–0.5.3, whose operator code is identical). */
/** What versionCodeOf reads: X.Y.Z with an optional -label.N. */
const VERSION_NAME = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z]+(?:\.\d+)?)?$/;

export const PUBLISHED_OPERATOR_VERSION = '0.5.2';

export interface PublishedOperatorOptions {
  variant: OperatorVariant;
  /** Another brand word for svc's variant (`acme` → com.acme.operator, `[acme-Result]`). */
  brandWord?: string;
  /** `com.<brand>.operator` (release) by default; `.dev` is the debug build (class-name log tags, `-d` version). */
  package?: string;
  /** X.Y.Z of the build (default: 0.5.2 for Clawperator, svc-sim's own for svc); a debug build adds `-d`. */
  versionName?: string;
  /** Default: the app's Gradle formula of versionName. */
  versionCode?: number;
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
  const brand = brandOf(options.variant, options.brandWord);
  const pkg = options.package ?? `com.${brand.word}.operator`;
  const debug = pkg.endsWith('.dev');
  // svc's own operator is released with svc: its version is svc-sim's, which is svc's (PK-7).
  const version = options.versionName ?? (options.variant === 'svc' ? simPackage.version : PUBLISHED_OPERATOR_VERSION);
  const ids = operatorIds(brand, pkg);
  const clock = options.clock ?? REAL_CLOCK;
  const ui = () => virtualUi(device);
  const app = {
    package: pkg,
    label: `${brand.display} Operator`,
    launchable: true,
    start: 'main',
    // app.gradle.kts:104-108: a debug build's versionName is the release one with `-d`.
    versionName: debug && /^\d+\.\d+\.\d+$/.test(version) ? `${version}-d` : version,
    screens: { main: { root: { children: [{ class: 'TextView', id: 'status', text: 'Operator ready' }] } } },
  };
  ui().install(app);
  registerPackage(device, app, true);
  const entry = device.packages.get(pkg)!;
  // A versionName the app's Gradle formula cannot read (a test's unreadable or invalid version, which no build of the
  // app could carry) gets versionCode 1: the version checks on the host are what such a test is about.
  entry.versionCode = options.versionCode ?? (VERSION_NAME.test(version) ? versionCodeOf(version) : 1);
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
    const twice = plan.duplicateFrames;
    for (const [i, part] of chunkLines(line, envelope, ids.chunkMarker).entries()) {
      // Written 1 ms apart (ResultEnvelopeTransport.publishResultEnvelope).
      if (i > 0) await new Job(clock).delay(1);
      log.i('Executor', part);
      if (twice && part.startsWith(ids.chunkMarker)) log.i('Executor', part);
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
  const parts = {
    log,
    bridge,
    executor,
    writeResult,
    parse: (p: string) => parseAgentCommand(p, brand),
    // The process dies as any app's does (AndroidRuntime's FATAL EXCEPTION, then SIGKILL); its accessibility service
    // is bound again by the system, so the next broadcast finds it.
    crash: (t: KotlinException) =>
      reportAppCrash(device, {
        package: pkg,
        exception: throwableString(t),
        frames: [
          'action.log.Log.e(Log.kt:69)',
          'clawperator.task.runner.TaskRunnerManagerDefault.run(TaskRunnerManagerDefault.kt:83)',
        ],
      }),
  };
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
      if (hooks.faults) {
        faults = hooks.faults;
        log.faults = hooks.faults;
      }
      if (hooks.disconnect) disconnect = hooks.disconnect;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
