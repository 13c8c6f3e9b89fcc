import type { DeviceSummary } from './control-server.ts';

export function printDevices(devices: DeviceSummary[]): void {
  const rows = [
    ['SERIAL', 'ADB', 'SIM', 'PORT', 'MODEL', 'LATENCY', 'FAULTS'],
    ...devices.map((d) => [
      d.serial,
      d.adbState,
      d.state,
      d.consolePort === null ? String(d.port) : `${d.consolePort}/${d.port}`,
      d.model,
      `${d.latencyMs}ms`,
      Object.keys(d.faults).join(',') || '-',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}\n`);
}
