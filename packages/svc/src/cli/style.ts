// Colors for pretty output, only on a TTY and never when NO_COLOR is set; JSON output never calls these.
const enabled = () => process.stdout.isTTY === true && !process.env.NO_COLOR;
const wrap = (open: number, close: number) => (text: string) =>
  enabled() ? `\u001b[${open}m${text}\u001b[${close}m` : text;

export const green = wrap(32, 39);
export const red = wrap(31, 39);
export const dim = wrap(2, 22);
export const bold = wrap(1, 22);

/** A plain left-aligned table; columns sized to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [bold(line(header)), ...rows.map(line)].join('\n');
}
