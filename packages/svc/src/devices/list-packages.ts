// `svc packages list [--third-party]` → sorted package ids (DECISIONS 10).

import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { type DeviceWanted, resolveDevice } from './resolve-device.ts';

export async function listPackages(
  ctx: Pick<SvcContext, 'adb'>,
  req: { target: DeviceWanted; thirdParty?: boolean },
): Promise<{ deviceId: string; packages: string[] }> {
  const { serial } = await resolveDevice(ctx, req.target);
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
