// The operator apps svc drives, and every string and wire rule in which they differ. Two variants speak one wire:
// the published open-source operator (Clawperator, GitHub clawperator/clawperator, Android app under apps/android)
// and svc's own (`com.svc.operator`), which is the same app with the brand word `svc`. Detection, dispatch, result
// reading, doctor, setup and grant read this table; nothing else spells a brand word.
//
// Sources (paths in clawperator/clawperator at tag v0.5.2; the operator code is identical 0.5.0–0.5.3):
// packages apps/android/app/app.gradle.kts:72,105-107; components apps/android/app/src/main/AndroidManifest.xml:41-73
// and apps/android/shared/core/toolkit/src/main/AndroidManifest.xml:7-14; the broadcast action
// OperatorCommandReceiver.kt:25; the markers ClawperatorResultEnvelope.kt:9 and AgentCommandExecutorDefault.kt:29-58;
// the version scheme app.gradle.kts:19-52; the APK addresses apps/node/src/domain/version/compatibility.ts:120-128.
/**
 * An action type's name. Not the ActionType of types.ts: the error catalogue reads this table (for its hints), and
 * the action definitions read the catalogue, so a type import here would close a loop. operator-variants.test.ts
 * checks every name is an action type.
 */
type ActionType = string;

export type OperatorBrand = 'svc' | 'clawperator';

export interface VersionRange {
  /** Lowest and highest supported `X.Y.Z` (the debug suffix removed), inclusive. */
  readonly min: string;
  readonly max: string;
  /** The version svc tells users to install. */
  readonly recommended: string;
}

export interface ApkSource {
  readonly url: (version: string) => string;
  readonly sha256Url: (version: string) => string;
  readonly releasePage: (version: string) => string;
}

export interface OperatorVariant {
  readonly brand: OperatorBrand;
  /** What users call it. */
  readonly title: string;
  readonly packages: { readonly release: string; readonly debug: string };
  readonly commandAction: string;
  readonly payloadExtra: 'payload';
  /** Class names inside the package (a component is `<package>/<class>`). */
  readonly accessibilityService: string;
  readonly notificationListener: string;
  readonly launcherActivity: string;
  readonly markers: {
    /** `[<Brand>-Result] <json>`: the terminal envelope. */
    readonly result: string;
    /** `[<Brand>-Result-Chunk] <json>`: a large envelope in pieces (later builds; read, never required). */
    readonly resultChunk: string;
    /** `[<Brand>-Command] start|queued|success|failure commandId=…`: the executor's progress. */
    readonly command: string;
  };
  /**
   * Supported versions: a fixed range, or `cli-major-minor` (svc's own operator is released with svc: the same
   * major.minor as the CLI).
   */
  readonly versions: VersionRange | 'cli-major-minor';
  /** Where a user gets the APK; undefined when it is not published. */
  readonly apk?: ApkSource;
  /** Action types its parser accepts (a payload with any other is dropped whole, without an answer). */
  readonly actions: ReadonlySet<ActionType>;
  /**
   * press_key keys its parser accepts: `spec` the specification's back, home and recents only (the published app's
   * parser refuses any other, UiAction.kt:193-199); `all` every key svc names and any key code (svc's extension).
   */
  readonly pressKeys: 'spec' | 'all';
}

/** The debug suffix of versionName (app.gradle.kts:104-108): `0.5.2-d`. */
export const DEBUG_VERSION_SUFFIX = '-d';

const ALL_BUT_ON_SCREEN_LOG: readonly ActionType[] = [
  'open_app',
  'open_uri',
  'close_app',
  'start_recording',
  'stop_recording',
  'wait_for_node',
  'click',
  'scroll_and_click',
  'scroll',
  'scroll_until',
  'read_text',
  'read_key_value_pair',
  'enter_text',
  'snapshot_ui',
  'take_screenshot',
  'sleep',
  'press_key',
  'wait_for_navigation',
];

function variant(
  brand: OperatorBrand,
  title: string,
  brandWord: string,
  rest: Pick<OperatorVariant, 'versions' | 'actions' | 'pressKeys'> & { apk?: ApkSource },
): OperatorVariant {
  const release = `com.${brand}.operator`;
  return {
    brand,
    title,
    packages: { release, debug: `${release}.dev` },
    commandAction: `app.${brand}.operator.ACTION_AGENT_COMMAND`,
    payloadExtra: 'payload',
    accessibilityService: `${brand}.operator.accessibilityservice.OperatorAccessibilityService`,
    // No brand word in the app's own name for it (ToolkitManifest:7-14).
    notificationListener: 'action.notification.NotificationListenerService',
    launcherActivity: `${brand}.activity.MainActivity`,
    markers: {
      result: `[${brandWord}-Result] `,
      resultChunk: `[${brandWord}-Result-Chunk] `,
      command: `[${brandWord}-Command] `,
    },
    ...rest,
  };
}

const CLAWPERATOR_DOWNLOADS = 'https://downloads.clawperator.com/operator';

export const OPERATOR_VARIANTS: readonly OperatorVariant[] = [
  variant('svc', 'the svc operator', 'svc', {
    versions: 'cli-major-minor',
    // svc's own variant adds the on-screen log panel, drag, double_tap, long_press, swipe and the keys beyond back,
    // home and recents (svc extensions the published app lacks).
    actions: new Set<ActionType>([
      ...ALL_BUT_ON_SCREEN_LOG,
      'set_on_screen_log',
      'clear_on_screen_log',
      'drag',
      'double_tap',
      'long_press',
      'swipe',
    ]),
    pressKeys: 'all',
  }),
  variant('clawperator', 'the Clawperator operator', 'Clawperator', {
    // 0.5.0 is the first with every parameter svc sends; 0.5.0–0.5.3 run identical operator code.
    versions: { min: '0.5.0', max: '0.5.3', recommended: '0.5.2' },
    apk: {
      url: (v) => `${CLAWPERATOR_DOWNLOADS}/v${v}/operator-v${v}.apk`,
      sha256Url: (v) => `${CLAWPERATOR_DOWNLOADS}/v${v}/operator-v${v}.apk.sha256`,
      releasePage: (v) => `https://github.com/clawperator/clawperator/releases/tag/v${v}`,
    },
    actions: new Set<ActionType>(ALL_BUT_ON_SCREEN_LOG),
    pressKeys: 'spec',
  }),
];

export const SVC_VARIANT = OPERATOR_VARIANTS[0] as OperatorVariant;

/** Every package of every variant, release before debug, in table order (the order `auto` prefers them in). */
export const KNOWN_OPERATOR_PACKAGES: readonly string[] = OPERATOR_VARIANTS.flatMap((v) => [
  v.packages.release,
  v.packages.debug,
]);

/** The variant a package belongs to; a package svc does not know speaks svc's own wire. */
export function variantOf(pkg: string): OperatorVariant {
  return knownVariantOf(pkg) ?? SVC_VARIANT;
}

export function knownVariantOf(pkg: string): OperatorVariant | undefined {
  return OPERATOR_VARIANTS.find((v) => v.packages.release === pkg || v.packages.debug === pkg);
}

export const accessibilityComponent = (pkg: string): string => `${pkg}/${variantOf(pkg).accessibilityService}`;
export const listenerComponent = (pkg: string): string => `${pkg}/${variantOf(pkg).notificationListener}`;
export const launcherComponent = (pkg: string): string => `${pkg}/${variantOf(pkg).launcherActivity}`;
