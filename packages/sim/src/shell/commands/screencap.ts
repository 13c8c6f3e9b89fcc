// `screencap [-p] [file]`: a PNG of the current screen (with -p or a .png file name), otherwise Android's raw format
// (width, height, pixel format RGBA_8888, dataspace sRGB as little-endian u32s, then the pixels).
import { PNG } from 'pngjs';
import { normalizePath } from '../../adbd/sync/sync-files.ts';
import type { ShellCommand } from '../../device/types.ts';

function toRaw(png: Uint8Array): Uint8Array {
  const image = PNG.sync.read(Buffer.from(png));
  const out = Buffer.alloc(16 + image.data.length);
  out.writeUInt32LE(image.width, 0);
  out.writeUInt32LE(image.height, 4);
  out.writeUInt32LE(1, 8);
  out.writeUInt32LE(1, 12);
  image.data.copy(out, 16);
  return out;
}

export const screencap: ShellCommand = async (argv, io, device) => {
  let png = false;
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '-p') png = true;
    else if (arg === '-d') i++;
    else if (arg === '-h') {
      await io.writeStderr(
        'usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n',
      );
      return 0;
    } else if (arg.startsWith('-')) {
      await io.writeStderr(`screencap: invalid option -- '${arg.slice(1)}'\n`);
      return 1;
    } else file = arg;
  }
  if (file?.endsWith('.png')) png = true;
  const image = device.ui.screencapPng();
  const data = png ? image : toRaw(image);
  if (file === undefined) await io.writeStdout(data);
  else device.files.set(normalizePath(file), { data, mode: 0o100660, mtimeSec: Math.floor(device.now() / 1000) });
  return 0;
};
