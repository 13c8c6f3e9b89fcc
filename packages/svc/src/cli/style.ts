// Colors for pretty output, only on a TTY and never when NO_COLOR is set; JSON output never calls these.
const enabled = () => process.stdout.isTTY === true && !process.env.NO_COLOR;
const wrap = (open: number, close: number) => (text: string) =>
  enabled() ? `\u001b[${open}m${text}\u001b[${close}m` : text;

export const green = wrap(32, 39);
export const red = wrap(31, 39);
export const dim = wrap(2, 22);
export const bold = wrap(1, 22);

/** What a terminal shows of `text`: colour codes take no columns. */
export function visibleWidth(text: string): number {
  return text.replace(/\u001b\[[0-9;]*m/g, '').length;
}

/** A plain left-aligned table; columns sized to their widest cell as the terminal shows it. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(visibleWidth(h), ...rows.map((row) => visibleWidth(row[i] ?? ''))));
  const pad = (cell: string, width: number) => cell + ' '.repeat(Math.max(0, width - visibleWidth(cell)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [bold(line(header)), ...rows.map(line)].join('\n');
}
