// A screenshot an agent can afford: the device's PNG scaled down so its longer side is at most maxSize (Lanczos
// resampling by pica, pure JS) and encoded as PNG (pngjs) or JPEG (jpeg-js) at a quality. The device's own size and
// the scale factor come with it, so a point seen on the image maps back to the device pixels every action takes:
// device x = image x * scale.
import jpeg from 'jpeg-js';
import * as picaModule from 'pica';
import { PNG } from 'pngjs';
import { z } from 'zod';

export const IMAGE_FORMATS = ['png', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const imageOptionsSchema = z
  .strictObject({
    maxSize: z.number().int().min(64).max(10_000).optional().describe('Longest side of the image in pixels'),
    format: z.enum(IMAGE_FORMATS).optional().describe('png (default) or jpeg'),
    quality: z.number().int().min(1).max(100).optional().describe('JPEG quality 1-100 (default 80)'),
  })
  .refine((o) => o.quality === undefined || o.format === 'jpeg', {
    message: 'quality applies to format jpeg only',
    path: ['quality'],
  });

export type ImageOptions = z.infer<typeof imageOptionsSchema>;

export const DEFAULT_JPEG_QUALITY = 80;

export interface EncodedImage {
  data: Uint8Array;
  format: ImageFormat;
  width: number;
  height: number;
  deviceWidth: number;
  deviceHeight: number;
  /** Device pixels per image pixel (1 when not scaled). */
  scale: number;
}

let pica: picaModule.Pica | undefined;
// pica's types describe its ESM file as if it were CommonJS (the package has no "type": "module"), so TypeScript
// sees the default export one level too deep; at run time the default export is the factory.
const createPica = picaModule.default as unknown as (options?: picaModule.PicaOptions) => picaModule.Pica;

/** The size `width` x `height` shrinks to so that its longer side is at most `maxSize` (never enlarged). */
export function fittedSize(width: number, height: number, maxSize: number | undefined) {
  const longer = Math.max(width, height);
  if (maxSize === undefined || longer <= maxSize) return { width, height };
  const ratio = maxSize / longer;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

export async function encodeScreenshot(png: Uint8Array, options: ImageOptions): Promise<EncodedImage> {
  const format = options.format ?? 'png';
  const decoded = PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  const device = { width: decoded.width, height: decoded.height };
  const size = fittedSize(device.width, device.height, options.maxSize);
  const scaled = size.width !== device.width || size.height !== device.height;
  const base = {
    format,
    width: size.width,
    height: size.height,
    deviceWidth: device.width,
    deviceHeight: device.height,
    // The ratio of the longer sides: exact, where the shorter side was rounded to whole pixels.
    scale: Math.max(device.width, device.height) / Math.max(size.width, size.height),
  };
  if (!scaled && format === 'png') return { ...base, data: png };
  let pixels: Uint8Array = decoded.data;
  if (scaled) {
    pica ??= createPica({ features: ['js'] });
    pixels = await pica.resizeBuffer({
      src: decoded.data,
      width: device.width,
      height: device.height,
      toWidth: size.width,
      toHeight: size.height,
    });
  }
  const data =
    format === 'jpeg'
      ? jpeg.encode({ data: pixels, width: size.width, height: size.height }, options.quality ?? DEFAULT_JPEG_QUALITY)
          .data
      : PNG.sync.write(
          Object.assign(new PNG({ width: size.width, height: size.height }), { data: Buffer.from(pixels) }),
        );
  return { ...base, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}
