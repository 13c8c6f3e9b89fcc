// `svc operator setup|install --apk <path>` and `svc grant-device-permissions` (SPEC 4.4). The adb-facing setup
// code loads inside the actions, so help and completion (which register every command) never load it.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { single } from '../../builders/flag-values.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { examples, valueFlag } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { targetOf } from '../globals.ts';
import { printValue } from '../output.ts';
import { targetSerial } from '../target-device.ts';

/** A context for one command, closed after it (drops the adb connections). */
async function withContext<T>(work: (ctx: SvcContext) => Promise<T>): Promise<T> {
  const { createContext } = await import('../../core/context.ts');
  const ctx = createContext({ env: process.env, cwd: process.cwd() });
  try {
    return await work(ctx);
  } finally {
    await ctx.close();
  }
}

const summary = (v: { deviceId: string; operatorPackage: string; granted: string[] }) =>
  `${v.operatorPackage} ready on ${v.deviceId} (granted: ${v.granted.join(', ')})`;

export function registerOperator(program: Command): void {
  const group = program.command('operator').description('install and set up the on-device operator app');
  const setup = group
    .command('setup')
    .alias('install')
    .description(
      'check the operator APK (its package and version, its SHA-256 when given), install it (adb install -r) and grant its permissions',
    );
  valueFlag(setup, '--apk <path>', 'the operator APK (required)');
  valueFlag(setup, '--sha256 <digest>', 'its SHA-256: 64 hex digits, or the published .sha256 file');
  valueFlag(setup, '--cert-sha256 <digest>', 'the SHA-256 of its signing certificate (its signature is verified)');
  setup.action(
    safeAction(async (command, globals) => {
      const apk = single(command.opts(), ['apk']);
      if (apk === undefined) throw new SvcError('CLI_USAGE_ERROR', '--apk <path> is required', { path: '--apk' });
      const { assertApkExists, setupOperator } = await import('../../operator/setup-operator.ts');
      const { certificateDigest, expectedDigest, verifyOperatorApk } = await import('../../operator/verify-apk.ts');
      assertApkExists(resolve(apk));
      const digest = single(command.opts(), ['sha256']);
      const certificate = single(command.opts(), ['certSha256']);
      const expected = {
        sha256: digest === undefined ? undefined : await expectedDigest(digest),
        certificateSha256: certificate === undefined ? undefined : certificateDigest(certificate),
      };
      const target = targetOf(globals, process.env);
      // A wrong APK is refused before a device is looked for.
      await verifyOperatorApk(resolve(apk), target, expected);
      const serial = await targetSerial(globals);
      const result = await withContext((ctx) => setupOperator(ctx, serial, resolve(apk), target, expected));
      printValue(globals.output, result, summary);
      return 0;
    }),
  );
  examples(setup, [
    'svc operator setup --apk operator-v0.5.2.apk --sha256 operator-v0.5.2.apk.sha256',
    'svc operator install --apk op.apk --device emulator-5554',
  ]);

  const grant = program
    .command('grant-device-permissions')
    .description('re-grant accessibility and notification permissions (after an operator crash revoked them)')
    .action(
      safeAction(async (_command, globals) => {
        const { regrantPermissions } = await import('../../operator/setup-operator.ts');
        const serial = await targetSerial(globals);
        const result = await withContext((ctx) => regrantPermissions(ctx, serial, targetOf(globals, process.env)));
        printValue(globals.output, result, summary);
        return 0;
      }),
    );
  examples(grant, [
    'svc grant-device-permissions',
    'svc grant-device-permissions --operator-package com.svc.operator.dev',
  ]);
}
