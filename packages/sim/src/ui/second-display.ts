// What the second display of the `second_display` fault shows (faults/display-faults.ts): another app's screen at a
// car cluster's size, so a capture of the wrong display is told apart from the phone's at a glance.
import { SECOND_DISPLAY } from '../faults/display-faults.ts';
import { Canvas } from './canvas.ts';

let cached: Uint8Array | undefined;

export function secondDisplayPng(): Uint8Array {
  if (cached === undefined) {
    const canvas = new Canvas(SECOND_DISPLAY.width, SECOND_DISPLAY.height, [16, 24, 48, 255]);
    canvas.text(80, 80, 'SECOND DISPLAY', 8, [255, 255, 255, 255]);
    canvas.text(80, 240, SECOND_DISPLAY.component, 3, [200, 200, 200, 255]);
    cached = canvas.encode();
  }
  return cached;
}
