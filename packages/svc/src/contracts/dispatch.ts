// The one adb shell command of a dispatch, built as a string for the device's `sh`: the command line of the published
// host CLI (broadcastAgentCommand.ts:9-16 @ v0.5.2), with the broadcast action of the package's variant.
import { SVC_VARIANT, variantOf } from './operator-variants.ts';
import { encodeForOperator } from './operator-wire.ts';
import type { Execution } from './types.ts';

/** svc's own operator packages, the default of every front end. */
export const OPERATOR_PACKAGES = SVC_VARIANT.packages;

/** Single-quotes one argument for POSIX sh: `'` becomes `'"'"'`; nothing else is escaped. */
export function quoteShellArg(value: string): string {
  return `'${value.replaceAll("'", `'"'"'`)}'`;
}

/**
 * `am broadcast -a '<action>' -p '<pkg>' --es 'payload' '<json>' --receiver-foreground`: the four values quoted
 * (C-37). `-p` is required: the receiver is declared in the manifest, and Android delivers no implicit broadcast to a
 * manifest receiver of an app that targets API 26 or later.
 */
export function buildBroadcastCommand(operatorPackage: string, payloadJson: string): string {
  if (payloadJson.includes('\n')) throw new Error('payload JSON must be serialized without newlines');
  const variant = variantOf(operatorPackage);
  return (
    `am broadcast -a ${quoteShellArg(variant.commandAction)} -p ${quoteShellArg(operatorPackage)} ` +
    `--es ${quoteShellArg(variant.payloadExtra)} ${quoteShellArg(payloadJson)} --receiver-foreground`
  );
}

/** The payload JSON sent for a validated execution, as the operator's parser reads it (no raw newline). */
export function serializeExecution(execution: Execution): string {
  return JSON.stringify(encodeForOperator(execution));
}
