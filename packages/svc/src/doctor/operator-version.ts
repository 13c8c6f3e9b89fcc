// Reads the installed operator's version (OPERATOR-PROTOCOL §1: `dumpsys package <pkg>` versionName/versionCode).
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import { quoteShellArg } from '../contracts/dispatch.ts';
import { parseDumpsysVersion } from './compatibility.ts';

export interface OperatorVersion {
  versionName?: string;
  versionCode?: number;
  /** Why nothing could be read (dumpsys failed), when it failed. */
  error?: string;
}

export async function readOperatorVersion(adb: AdbPort, serial: string, pkg: string): Promise<OperatorVersion> {
  try {
    const out = await adb.shell(serial, `dumpsys package ${quoteShellArg(pkg)}`);
    if (out.exitCode !== 0) return { error: `dumpsys package exited with ${out.exitCode}` };
    return parseDumpsysVersion(out.stdout);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
