// The one adb shell command of a dispatch (OPERATOR-PROTOCOL §2), built as a string for the device's `sh`.
import type { Execution } from './types.ts';

export const BROADCAST_ACTION = 'app.svc.operator.ACTION_AGENT_COMMAND';
export const PAYLOAD_EXTRA = 'payload';
export const OPERATOR_PACKAGES = { release: 'com.svc.operator', debug: 'com.svc.operator.dev' } as const;

/** Single-quotes one argument for POSIX sh: `'` becomes `'"'"'`; nothing else is escaped. */
export function quoteShellArg(value: string): string {
  return `'${value.replaceAll("'", `'"'"'`)}'`;
}

/**
 * `am broadcast -a <action> -p '<pkg>' --es payload '<json>' --receiver-foreground`. The fixed words are written as
 * in the protocol; the two values that come from outside (package, payload JSON) are single-quoted (C-37).
 */
export function buildBroadcastCommand(operatorPackage: string, payloadJson: string): string {
  if (payloadJson.includes('\n')) throw new Error('payload JSON must be serialized without newlines');
  return (
    `am broadcast -a ${BROADCAST_ACTION} -p ${quoteShellArg(operatorPackage)} ` +
    `--es ${PAYLOAD_EXTRA} ${quoteShellArg(payloadJson)} --receiver-foreground`
  );
}

/** The payload JSON sent for a validated execution (JSON.stringify never emits a raw newline). */
export function serializeExecution(execution: Execution): string {
  return JSON.stringify(execution);
}
