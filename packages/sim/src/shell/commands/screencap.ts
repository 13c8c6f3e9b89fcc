// `screencap [-p] [-d display-id] [file]`: a PNG of the current screen (with -p or a .png file name), otherwise
// Android's raw format (width, height, pixel format RGBA_8888, dataspace sRGB as little-endian u32s, then the
// pixels). With several displays and no -d it warns first and captures the first display found
// (faults/display-faults.ts).
import { PNG } from 'pngjs';
import { normalizePath } from '../../adbd/sync/sync-files.ts';
import type { ShellCommand } from '../../device/types.ts';
import { hasSecondDisplay, SCREENCAP_WARNING, SECOND_DISPLAY, screencapWarns } from '../../faults/display-faults.ts';
import { secondDisplayPng } from '../../ui/second-display.ts';
import { syncPages } from '../../web/device-pages.ts';

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
  let displayId: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '-p') png = true;
    else if (arg === '-d') displayId = argv[++i];
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
  // Several displays and no -d: the warning, then "the first display found" (the second one, when there is one).
  const second = hasSecondDisplay(device.faults);
  if (displayId === undefined && screencapWarns(device.faults)) await io.writeStderr(SCREENCAP_WARNING);
  const showSecond = second && (displayId === undefined || displayId === SECOND_DISPLAY.physicalId);
  if (!showSecond) await syncPages(device, { pixels: true });
  const image = showSecond ? secondDisplayPng() : device.ui.screencapPng();
  const data = png ? image : toRaw(image);
  if (file === undefined) await io.writeStdout(data);
  else device.files.set(normalizePath(file), { data, mode: 0o100660, mtimeSec: Math.floor(device.now() / 1000) });
  return 0;
};
