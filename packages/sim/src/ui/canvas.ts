// A tiny RGBA canvas for screencap: filled rectangles and 5x7 text, encoded as PNG with pngjs.
import { PNG } from 'pngjs';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font5x7.ts';
import type { Rect } from './ui-node.ts';

export type Rgba = readonly [number, number, number, number];

export class Canvas {
  readonly width: number;
  readonly height: number;
  // Private, so the published type declarations do not name pngjs's types (pngjs ships none; svc-sim bundles it).
  readonly #png: PNG;

  constructor(width: number, height: number, background: Rgba) {
    this.width = width;
    this.height = height;
    this.#png = new PNG({ width, height });
    this.fill({ left: 0, top: 0, right: width, bottom: height }, background);
  }

  /**
   * Alpha-blends a color over a rectangle, clipped to the canvas and to `clip`. Edges are rounded to whole pixels,
   * as Android prints bounds: a list scrolled by a Float fraction of its height puts its rows at fractional offsets,
   * which would otherwise index no pixel at all (and leave every row below the first blank).
   */
  fill(r: Rect, color: Rgba, clip?: Rect): void {
    const p = Math.round;
    const left = Math.max(0, p(r.left), p(clip?.left ?? 0));
    const top = Math.max(0, p(r.top), p(clip?.top ?? 0));
    const right = Math.min(this.width, p(r.right), p(clip?.right ?? this.width));
    const bottom = Math.min(this.height, p(r.bottom), p(clip?.bottom ?? this.height));
    const [cr, cg, cb, ca] = color;
    const a = ca / 255;
    const data = this.#png.data;
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) {
        const i = (y * this.width + x) * 4;
        data[i] = Math.round(cr * a + data[i]! * (1 - a));
        data[i + 1] = Math.round(cg * a + data[i + 1]! * (1 - a));
        data[i + 2] = Math.round(cb * a + data[i + 2]! * (1 - a));
        data[i + 3] = 255;
      }
    }
  }

  /** Draws one line of text with its top-left at (x, y); glyph pixels are `scale` device pixels wide. */
  text(x: number, y: number, text: string, scale: number, color: Rgba, clip?: Rect): void {
    let cx = x;
    for (const ch of text) {
      const cols = glyph(ch);
      for (let col = 0; col < GLYPH_WIDTH; col++) {
        for (let row = 0; row < GLYPH_HEIGHT; row++) {
          if (((cols[col] ?? 0) >> row) & 1) {
            const px = cx + col * scale;
            const py = y + row * scale;
            this.fill({ left: px, top: py, right: px + scale, bottom: py + scale }, color, clip);
          }
        }
      }
      cx += (GLYPH_WIDTH + 1) * scale;
    }
  }

  /** Copies a PNG image with its top-left corner at (x, y), clipped to `clip` and the canvas (a web page's pixels). */
  paste(png: Uint8Array, x: number, y: number, clip: Rect): void {
    const image = PNG.sync.read(Buffer.from(png));
    const data = this.#png.data;
    const left = Math.max(0, x, clip.left);
    const top = Math.max(0, y, clip.top);
    const right = Math.min(this.width, x + image.width, clip.right);
    const bottom = Math.min(this.height, y + image.height, clip.bottom);
    for (let py = top; py < bottom; py++) {
      const from = ((py - y) * image.width + (left - x)) * 4;
      image.data.copy(data, (py * this.width + left) * 4, from, from + (right - left) * 4);
    }
  }

  encode(): Uint8Array {
    return new Uint8Array(PNG.sync.write(this.#png));
  }
}

export function textWidth(text: string, scale: number): number {
  return [...text].length * (GLYPH_WIDTH + 1) * scale;
}
