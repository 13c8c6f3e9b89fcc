// Every numeric limit of SPEC part 8, the ranges and defaults of SPEC 2.4/2.5, OPERATOR-PROTOCOL §3/§5 and
// DECISIONS 7, in one place. Validators, schema and codecs read these; nothing repeats a number.

export const LIMITS = {
  MAX_EXECUTION_ACTIONS: 50,
  MIN_EXECUTION_ACTIONS: 1,
  MIN_EXECUTION_TIMEOUT_MS: 1000,
  MAX_EXECUTION_TIMEOUT_MS: 120_000,
  MAX_PAYLOAD_BYTES: 64_000,
  MAX_COMMAND_ID_LENGTH: 128,
  MAX_TASK_ID_LENGTH: 128,
  MAX_SOURCE_LENGTH: 64,
  /** Not in the spec (decision C-23): action ids share the commandId cap. */
  MAX_ACTION_ID_LENGTH: 128,
  MAX_MATCHER_VALUE_LENGTH: 512,
  /** SPEC 2.5 names MAX_URI_LENGTH without a value (decision C-29). */
  MAX_URI_LENGTH: 4096,
  MAX_RETRY_ATTEMPTS_PER_STEP: 10,
  MAX_SNAPSHOT_LINES: 2000,
  MAX_SNAPSHOT_BYTES: 262_144,
  HTTP_REQUEST_BODY_BYTES: 100 * 1024,
  SKILL_RUN_DEFAULT_TIMEOUT_MS: 120_000,
  IN_FLIGHT_LOCK_SETTLE_MS: 2000,
  DOCTOR_HANDSHAKE_WAIT_MS: 7000,
  DAEMON_READINESS_WAIT_MS: 3000,
  DAEMON_READINESS_POLL_MS: 100,
  MAX_BEST_EFFORT_STEPS: 30,
  MAX_BEST_EFFORT_RUNTIME_MS: 180_000,
  MAX_CONSECUTIVE_FAILED_ATTEMPTS: 5,
  ON_SCREEN_LOG_DRAW_ACK_MS: 2000,
  /** Not in the spec (decision FH-6): the longest any surface waits for a device busy with another execution. */
  MAX_WAIT_DEVICE_MS: 120_000,
  /** FH-6: MCP clients call tools in parallel, so an MCP call waits this long for a busy device unless told. */
  MCP_DEFAULT_WAIT_DEVICE_MS: 30_000,
} as const;

/**
 * `waitDeviceMs` of every surface (MCP argument, HTTP body field, `--wait-device-ms`): one schema, enforced as is by
 * MCP and read by waitDeviceMsProblem for the others.
 */
export const WAIT_DEVICE_MS_SCHEMA = { type: 'integer', minimum: 0, maximum: LIMITS.MAX_WAIT_DEVICE_MS } as const;

/** What is wrong with a waitDeviceMs value ("integer 0 to 120000"), or undefined when it is in range. */
export function waitDeviceMsProblem(value: unknown): string | undefined {
  const { minimum, maximum } = WAIT_DEVICE_MS_SCHEMA;
  const ok = typeof value === 'number' && Number.isInteger(value) && value >= minimum && value <= maximum;
  return ok ? undefined : `integer ${minimum} to ${maximum}`;
}

/**
 * Node's timers hold at most 2^31−1 ms (about 24.8 days): a longer delay fires at once with a
 * TimeoutOverflowWarning. Every computed delay goes through this: clamped into 0..2^31−1, NaN as 0.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
export function timerMs(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(Math.ceil(ms), MAX_TIMER_MS);
}

export const EXPECTED_FORMAT = 'android-ui-automator';
export const EXECUTION_MODES = ['artifact_compiled', 'direct'] as const;

/** A closed integer or number range; `exclusiveMin` makes the lower bound open. */
export interface Range {
  readonly min: number;
  readonly max: number;
  readonly exclusiveMin?: boolean;
}

/** SPEC 2.4. maxAttempts is clamped into its range; the others are rejected when outside. */
export const RETRY_BOUNDS = {
  maxAttempts: { min: 1, max: 10 },
  initialDelayMs: { min: 0, max: 30_000 },
  maxDelayMs: { min: 0, max: 60_000 },
  backoffMultiplier: { min: 1, max: 5 },
  jitterRatio: { min: 0, max: 1 },
} as const satisfies Record<string, Range>;

/** SPEC 2.4 and OPERATOR-PROTOCOL §5 (DECISIONS 6). */
export const RETRY_PRESETS = {
  UiReadiness: { maxAttempts: 5, initialDelayMs: 500, maxDelayMs: 3000, backoffMultiplier: 2, jitterRatio: 0.15 },
  UiScroll: { maxAttempts: 4, initialDelayMs: 400, maxDelayMs: 2000, backoffMultiplier: 2, jitterRatio: 0.15 },
  AppLaunch: { maxAttempts: 4, initialDelayMs: 750, maxDelayMs: 4000, backoffMultiplier: 2, jitterRatio: 0.15 },
  AppClose: { maxAttempts: 4, initialDelayMs: 400, maxDelayMs: 2000, backoffMultiplier: 2, jitterRatio: 0.15 },
  None: { maxAttempts: 1, initialDelayMs: 0, maxDelayMs: 0, backoffMultiplier: 1, jitterRatio: 0 },
} as const;

/** SPEC 2.5 ranges and runtime defaults. */
export const ACTION_RANGES = {
  sleepDurationMs: { min: 0, max: 120_000 },
  waitForNavigationTimeoutMs: { min: 0, max: 30_000, exclusiveMin: true },
  waitForNodeTimeoutMs: { min: 1, max: 120_000 },
  distanceRatio: { min: 0, max: 1 },
  settleDelayMs: { min: 0, max: 10_000 },
  maxScrolls: { min: 1, max: 200 },
  maxDurationMs: { min: 0, max: 120_000 },
  noPositionChangeThreshold: { min: 1, max: 20 },
  maxSwipes: { min: 1, max: 50 },
  /** A pixel: at most Java's largest int (what a device's `input` and the operator read it into). */
  coordinate: { min: 0, max: 2 ** 31 - 1 },
} as const satisfies Record<string, Range>;

export const ACTION_DEFAULTS = {
  clickType: 'default',
  submit: false,
  direction: 'down',
  distanceRatio: 0.7,
  settleDelayMs: 250,
  findFirstScrollableChild: true,
  maxScrolls: 20,
  maxDurationMs: 10_000,
  noPositionChangeThreshold: 3,
  maxSwipes: 10,
  clickAfter: true,
} as const;

export const CLICK_TYPES = ['default', 'long_click', 'focus'] as const;
export const DIRECTIONS = ['down', 'up', 'left', 'right'] as const;
export const READ_TEXT_VALIDATORS = ['temperature', 'version', 'regex'] as const;
/** The operator app's 26 roles, by their lower-case names (UiRole.kt:12-49 @ v0.5.2); matched ignoring case. */
export const MATCHER_ROLES = [
  'container',
  'row',
  'column',
  'toolbar',
  'tabbar',
  'list',
  'grid',
  'listitem',
  'pager',
  'tab',
  'card',
  'button',
  'textfield',
  'switch',
  'checkbox',
  'radio',
  'toggle',
  'icon',
  'image',
  'chip',
  'menu',
  'menuitem',
  'text',
  'label',
  'title',
  'unknown',
] as const;

/** DECISIONS 7: on-screen log panel. */
export const ON_SCREEN_LOG = {
  anchors: ['left', 'right'],
  textAligns: ['left', 'right'],
  defaults: {
    anchor: 'right',
    textAlign: 'left',
    topOffsetDp: 48,
    edgeOffsetDp: 8,
    widthDp: 240,
    fontSizeSp: 12,
    textColor: '#FFFFFFFF',
    backgroundColor: '#B3000000',
    ttlMs: 10_000,
  },
  ranges: {
    text: { min: 1, max: 4000 },
    topOffsetDp: { min: 0, max: 2000 },
    edgeOffsetDp: { min: 0, max: 2000 },
    widthDp: { min: 48, max: 1200 },
    fontSizeSp: { min: 6, max: 48 },
    ttlMs: { min: 0, max: 3_600_000 },
  },
} as const;
