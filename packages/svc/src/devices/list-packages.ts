// `svc packages list [--third-party]` → sorted package ids (DECISIONS 10).
import type { SvcContext } from '../app/context.ts';
import { SvcError } from '../contracts/errors.ts';
import { resolveDevice } from './resolve-device.ts';

export async function listPackages(
  ctx: Pick<SvcContext, 'adb' | 'env'>,
  req: { deviceId?: string | undefined; thirdParty?: boolean },
): Promise<{ deviceId: string; packages: string[] }> {
  const { serial } = await resolveDevice(ctx, req.deviceId);
  const out = await ctx.adb.shell(serial, req.thirdParty ? 'pm list packages -3' : 'pm list packages');
  if (out.exitCode !== 0) {
    throw new SvcError('DEVICE_SHELL_UNAVAILABLE', `\`pm list packages\` failed on ${serial} (exit ${out.exitCode}).`, {
      deviceId: serial,
      stderr: out.stderr.trim(),
    });
  }
  const packages = out.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('package:') && line.length > 'package:'.length)
    .map((line) => line.slice('package:'.length));
  return { deviceId: serial, packages: [...new Set(packages)].sort() };
}
