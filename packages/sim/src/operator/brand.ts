// The published operator app and svc's own variant are one wire with the brand word replaced (issue 27). Every string
// that carries the brand comes from here; the rest of the runtime is the app's code, brand-free.
//   Clawperator: com.clawperator.operator (release) / .dev (debug): app.gradle.kts:72,105-107 @ v0.5.2;
//   components: apps/android/app/src/main/AndroidManifest.xml:29-73 and
//   apps/android/shared/core/toolkit/src/main/AndroidManifest.xml:7-14 (the notification listener, no brand word);
//   markers: ClawperatorResultEnvelope.kt:9, AgentCommandExecutorDefault.kt:23;
//   chunk marker (later builds): ResultEnvelopeTransport.kt at faba59e79819fe2c0a1721225fb9e329673aa405.

export type OperatorVariant = 'svc' | 'clawperator';

export interface OperatorBrand {
  readonly variant: OperatorVariant;
  /** Lower-case word of package, action and class names. */
  readonly word: string;
  /** The word as the app writes it in markers and messages (`Clawperator`; svc writes `svc`). */
  readonly display: string;
  /** The on-screen log panel (later builds); 0.5.x has none. */
  readonly onScreenLog: boolean;
  /** Large results as `[<brand>-Result-Chunk]` lines (later builds); 0.5.x writes one line that Timber splits. */
  readonly chunkedResults: boolean;
}

export const BRANDS: Readonly<Record<OperatorVariant, OperatorBrand>> = {
  clawperator: {
    variant: 'clawperator',
    word: 'clawperator',
    display: 'Clawperator',
    onScreenLog: false,
    chunkedResults: false,
  },
  svc: { variant: 'svc', word: 'svc', display: 'svc', onScreenLog: true, chunkedResults: true },
};

/** The brand of a variant; another word (`acme`) is svc's variant under that word, as every protocol id. */
export function brandOf(variant: OperatorVariant, word?: string): OperatorBrand {
  if (variant === 'clawperator' || word === undefined || word === 'svc') return BRANDS[variant];
  return { ...BRANDS.svc, word, display: word };
}

export interface OperatorIds {
  readonly action: string;
  readonly receiver: string;
  readonly accessibilityService: string;
  readonly notificationListener: string;
  readonly launcherActivity: string;
  readonly resultMarker: string;
  readonly chunkMarker: string;
  readonly commandTag: string;
}

export function operatorIds(brand: OperatorBrand, pkg: string): OperatorIds {
  const w = brand.word;
  return {
    action: `app.${w}.operator.ACTION_AGENT_COMMAND`,
    receiver: `${pkg}/${w}.operator.runtime.OperatorCommandReceiver`,
    accessibilityService: `${pkg}/${w}.operator.accessibilityservice.OperatorAccessibilityService`,
    notificationListener: `${pkg}/action.notification.NotificationListenerService`,
    launcherActivity: `${pkg}/${w}.activity.MainActivity`,
    resultMarker: `[${brand.display}-Result]`,
    chunkMarker: `[${brand.display}-Result-Chunk]`,
    commandTag: `[${brand.display}-Command]`,
  };
}

/** versionCode from versionName (app.gradle.kts:19-52 @ v0.5.2): 0.5.2 → 502900; a debug build keeps the code. */
export function versionCodeOf(versionName: string): number {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z]+)(?:\.(\d+))?)?$/.exec(versionName);
  if (!m) throw new Error(`unsupported operator version format: ${versionName} (expected X.Y.Z or X.Y.Z-label.N)`);
  const label = m[4]?.toLowerCase();
  const n = Number(m[5] ?? 0);
  if (n > 99) throw new Error(`prerelease number must be between 0 and 99: ${versionName}`);
  const offset =
    label === undefined
      ? 900
      : label === 'rc'
        ? 800 + n
        : label === 'beta'
          ? 500 + n
          : label === 'alpha'
            ? 200 + n
            : 100 + n;
  return Number(m[1]) * 10_000_000 + Number(m[2]) * 100_000 + Number(m[3]) * 1000 + offset;
}
