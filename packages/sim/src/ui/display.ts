// Display metrics of the simulated phone (a Pixel-7-like 1080x2400 at 420 dpi by default). Physical pixels
// throughout; dp = px * 160 / density.
export interface Display {
  width: number;
  height: number;
  density: number;
  /** System bar heights in physical pixels (status bar on top, navigation bar at the bottom). */
  statusBarPx: number;
  navBarPx: number;
  /** A display cutout at the top (height in px), or none. */
  cutoutTopPx: number;
  /** Font scale of the user settings (1.0 = default). */
  fontScale: number;
}

export function defaultDisplay(): Display {
  return { width: 1080, height: 2400, density: 420, statusBarPx: 110, navBarPx: 132, cutoutTopPx: 0, fontScale: 1 };
}

export function dpToPx(display: Display, dp: number): number {
  return Math.round((dp * display.density) / 160);
}

export function screenRect(d: Display) {
  return { left: 0, top: 0, right: d.width, bottom: d.height };
}

/** Where apps draw: below the status bar (or the cutout, if taller) and above the navigation bar. */
export function contentRect(d: Display) {
  return { left: 0, top: Math.max(d.statusBarPx, d.cutoutTopPx), right: d.width, bottom: d.height - d.navBarPx };
}
