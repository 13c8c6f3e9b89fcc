// Intent arguments of `am` (Intent.parseCommandArgs) and Intent.toShortString, so `am` echoes what it understood.

export interface ParsedIntent {
  action?: string;
  data?: string;
  type?: string;
  categories: string[];
  /** Full component `<pkg>/<fully.qualified.Class>`. */
  component?: string;
  pkg?: string;
  flags: number;
  extras: Record<string, string | number | boolean>;
  receiverForeground: boolean;
  /** am options that are not part of the intent (-W, -S, --user, ...). */
  options: Set<string>;
}

export const FLAG_RECEIVER_FOREGROUND = 0x10000000;
export const FLAG_RECEIVER_FROM_SHELL = 0x00400000;
export const FLAG_ACTIVITY_NEW_TASK = 0x10000000;

export class IntentArgumentError extends Error {}

const AM_OPTIONS_WITH_VALUE = new Set([
  '--user',
  '--display',
  '--windowingMode',
  '--activityType',
  '--task',
  '-P',
  '--start-profiler',
  '--sampling',
  '--attach-agent',
  '--attach-agent-bind',
  '-R',
  '--permission',
  '--receiver-permission',
]);
const AM_FLAG_OPTIONS = new Set([
  '-W',
  '-S',
  '-D',
  '-N',
  '--streaming',
  '--track-allocation',
  '--allow-background-activity-starts',
  '--async',
  '--include-stopped-packages',
  '--exclude-stopped-packages',
  '--include-background',
  '--exclude-background',
  '--debug-log-resolution',
  '--activity-clear-top',
  '--activity-new-task',
  '--activity-single-top',
  '--activity-no-history',
  '--activity-clear-task',
  '--receiver-registered-only',
  '--receiver-replace-pending',
  '--receiver-no-abort',
  '--grant-read-uri-permission',
  '--grant-write-uri-permission',
]);

/** `-n com.x/.Main` → `com.x/com.x.Main`. */
export function expandComponent(text: string): string | undefined {
  const slash = text.indexOf('/');
  if (slash <= 0 || slash === text.length - 1) return undefined;
  const pkg = text.slice(0, slash);
  const cls = text.slice(slash + 1);
  return `${pkg}/${cls.startsWith('.') ? pkg + cls : cls}`;
}

/** ComponentName.flattenToShortString: `com.x/.Main`. */
export function shortComponent(component: string): string {
  const [pkg = '', cls = ''] = component.split('/');
  return `${pkg}/${cls.startsWith(`${pkg}.`) ? cls.slice(pkg.length) : cls}`;
}

function boolExtra(value: string): boolean {
  const v = value.toLowerCase();
  if (v === 'true' || v === 't') return true;
  if (v === 'false' || v === 'f') return false;
  const n = Number(v);
  if (Number.isInteger(n)) return n !== 0;
  throw new IntentArgumentError(`Invalid boolean value: ${value}`);
}

export function parseIntentArgs(args: readonly string[]): ParsedIntent {
  const intent: ParsedIntent = { categories: [], flags: 0, extras: {}, receiverForeground: false, options: new Set() };
  const next = (i: number, opt: string): string => {
    const value = args[i];
    if (value === undefined) throw new IntentArgumentError(`Argument expected after "${opt}"`);
    return value;
  };
  for (let i = 0; i < args.length; i++) {
    const opt = args[i] as string;
    const extra = (convert: (v: string) => string | number | boolean) => {
      const key = next(++i, opt);
      intent.extras[key] = convert(next(++i, opt));
    };
    switch (opt) {
      case '-a':
        intent.action = next(++i, opt);
        break;
      case '-d':
        intent.data = next(++i, opt);
        break;
      case '-t':
        intent.type = next(++i, opt);
        break;
      case '-c':
        intent.categories.push(next(++i, opt));
        break;
      case '-n': {
        const text = next(++i, opt);
        const component = expandComponent(text);
        if (!component) throw new IntentArgumentError(`Bad component name: ${text}`);
        intent.component = component;
        break;
      }
      case '-p':
        intent.pkg = next(++i, opt);
        break;
      case '-f':
        intent.flags |= Number(next(++i, opt));
        break;
      case '--es':
        extra((v) => v);
        break;
      case '--esn':
        intent.extras[next(++i, opt)] = '';
        break;
      case '--ei':
      case '--el':
        extra((v) => {
          if (!/^-?\d+$/.test(v)) throw new IntentArgumentError(`For input string: "${v}"`);
          return Number(v);
        });
        break;
      case '--ef':
      case '--ed':
        extra((v) => Number(v));
        break;
      case '--ez':
        extra(boolExtra);
        break;
      case '--eu':
      case '--ecn':
        extra((v) => v);
        break;
      case '--receiver-foreground':
        intent.receiverForeground = true;
        break;
      default:
        if (AM_OPTIONS_WITH_VALUE.has(opt)) intent.options.add(`${opt}=${next(++i, opt)}`);
        else if (AM_FLAG_OPTIONS.has(opt)) intent.options.add(opt);
        else if (opt.startsWith('-')) throw new IntentArgumentError(`Unknown option: ${opt}`);
        else if (i === args.length - 1) {
          // A trailing bare argument is a URI (or a component when it has no scheme).
          if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(opt)) intent.data = opt;
          else intent.component = expandComponent(opt) ?? opt;
        } else throw new IntentArgumentError(`Unknown option: ${opt}`);
    }
  }
  return intent;
}

/** Uri.toSafeString: web URIs keep scheme and host only. */
export function safeUri(uri: string): string {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(uri)?.[1];
  if (!scheme) return uri;
  if (/^(https?|ftp|rtsp)$/i.test(scheme)) {
    const authority = /^[^:]+:\/\/([^/?#]*)/.exec(uri)?.[1] ?? '';
    return `${scheme}://${authority.replace(/^[^@]*@/, '')}/...`;
  }
  if (/^(tel|sip|sms|smsto|mailto|nfc)$/i.test(scheme)) return `${scheme}:xxxxxx`;
  return uri.replace(/[?#].*$/, '');
}

export function describeIntent(intent: ParsedIntent, flags: number): string {
  const parts: string[] = [];
  if (intent.action) parts.push(`act=${intent.action}`);
  if (intent.categories.length > 0) parts.push(`cat=[${intent.categories.join(',')}]`);
  if (intent.data !== undefined) parts.push(`dat=${safeUri(intent.data)}`);
  if (intent.type) parts.push(`typ=${intent.type}`);
  if (flags !== 0) parts.push(`flg=0x${flags.toString(16)}`);
  if (intent.pkg) parts.push(`pkg=${intent.pkg}`);
  if (intent.component) parts.push(`cmp=${shortComponent(intent.component)}`);
  if (Object.keys(intent.extras).length > 0) parts.push('(has extras)');
  return `Intent { ${parts.join(' ')} }`;
}
