// The long-running processes a CLI command can become: the HTTP server (also behind `svc inspect`), the MCP server,
// a device's daemon. The CLI
// parses their flags; what starts them is handed in by the composition root (src/main.ts), so the CLI never imports
// another front end.

export interface ServeLaunch {
  host: string;
  port: number;
  allowOrigins: readonly string[];
  /** False after `--no-auth`. */
  auth: boolean;
  /** `--verbose`: events show typed text too. */
  verbose: boolean;
  /** `--screenshots-dir`: the only folder request paths may name. */
  screenshotsDir?: string | undefined;
  /** `--apks-dir`: the only folder install requests may read an APK from. */
  apksDir?: string | undefined;
}

export interface McpLaunch {
  /** Streamable HTTP on loopback instead of stdio. */
  http: boolean;
  port: number;
  allowOrigins: readonly string[];
  /** With `http`: false after `--no-auth`. */
  auth: boolean;
  /** False after `--no-daemon`: executions run in the MCP process. */
  daemon: boolean;
  defaultDeviceId?: string | undefined;
  defaultOperatorPackage?: string | undefined;
  defaultDriver?: string | undefined;
  /** `--apks-dir`: the only folder install calls may read an APK from (else SVC_APKS_DIR; none: refused). */
  apksDir?: string | undefined;
}

export interface InspectLaunch {
  /** The local server's port: an svc server already there is reused, else one starts in this process. */
  port: number;
  deviceId?: string | undefined;
  /** The page's driver picker starts on it (`--driver`, SVC_DRIVER). */
  driver?: string | undefined;
}

/** Where the inspector is, once it is served. */
export interface InspectServed {
  /** What a browser opens (the page, or the server's sign-in address leading to it). */
  url: string;
  /** True when an svc server was already serving on the port (this process then has nothing left to do). */
  reused: boolean;
}

export interface DaemonLaunch {
  /** The resolved serial the daemon serves. */
  serial: string;
  verbose: boolean;
}

export interface Launchers {
  serve(options: ServeLaunch): Promise<void>;
  inspect(options: InspectLaunch): Promise<InspectServed>;
  mcp(options: McpLaunch): Promise<void>;
  daemon(options: DaemonLaunch): Promise<void>;
}

/** For a program built only to read its help or its tree: starting a server from it is a bug. */
export const NO_LAUNCHERS: Launchers = {
  serve: notLaunchable,
  inspect: notLaunchable,
  mcp: notLaunchable,
  daemon: notLaunchable,
};

async function notLaunchable(): Promise<never> {
  throw new Error('this program was built without launchers');
}
