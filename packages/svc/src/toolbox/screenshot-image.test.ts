import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { SvcError } from '../contracts/errors.ts';
import { encodeScreenshot, fittedSize, imageOptionsSchema } from './screenshot-image.ts';
import { parseToolArguments } from './tool-arguments.ts';

function phonePng(width = 1080, height = 2400): Uint8Array {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    const y = Math.floor(i / 4 / width);
    png.data[i] = y % 256;
    png.data[i + 1] = 128;
    png.data[i + 2] = 255 - (y % 256);
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

test('the longer side shrinks to maxSize, keeping the aspect; a smaller image is never enlarged', () => {
  assert.deepEqual(fittedSize(1080, 2400, 1024), { width: 461, height: 1024 });
  assert.deepEqual(fittedSize(2400, 1080, 1024), { width: 1024, height: 461 });
  assert.deepEqual(fittedSize(400, 800, 1024), { width: 400, height: 800 });
  assert.deepEqual(fittedSize(1080, 2400, undefined), { width: 1080, height: 2400 });
});

test('a scaled JPEG has the fitted size, the device size and the scale back to device pixels', async () => {
  const image = await encodeScreenshot(phonePng(), { maxSize: 1024, format: 'jpeg', quality: 70 });
  assert.deepEqual([image.width, image.height, image.deviceWidth, image.deviceHeight], [461, 1024, 1080, 2400]);
  assert.equal(image.scale, 2400 / 1024);
  assert.deepEqual([...image.data.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG file');
  const png = await encodeScreenshot(phonePng(), { maxSize: 512 });
  assert.deepEqual(PNG.sync.read(Buffer.from(png.data)).height, 512);
});

test('the device PNG comes back untouched when nothing asks to change it', async () => {
  const original = phonePng(100, 200);
  const image = await encodeScreenshot(original, { format: 'png' });
  assert.equal(image.data, original);
  assert.equal(image.scale, 1);
});

test('bad image options are EXECUTION_VALIDATION_FAILED naming the option', () => {
  const bad = (raw: unknown) => {
    try {
      parseToolArguments('screenshot', imageOptionsSchema, raw);
    } catch (error) {
      return error instanceof SvcError ? error.details?.path : 'other';
    }
    return undefined;
  };
  assert.equal(bad({ maxSize: 10 }), 'maxSize');
  assert.equal(bad({ format: 'gif' }), 'format');
  assert.equal(bad({ quality: 50 }), 'quality', 'quality needs format jpeg');
  assert.equal(bad({ format: 'jpeg', quality: 101 }), 'quality');
  assert.equal(bad({ format: 'jpeg', quality: 50, maxSize: 800 }), undefined);
});
