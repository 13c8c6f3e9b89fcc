// Parses `host:devices-l`. Kept here rather than the library's parser, which drops every state but the ones asked
// for (adb also reports `authorizing`, `connecting`, `no permissions (...)`, `recovery`, ...).

export interface DeviceListEntry {
  serial: string;
  state: string;
  transportId: bigint | undefined;
  /** The words `adb devices -l` shows after the state: product, model, device (usb too, for USB phones). */
  attributes: Record<string, string>;
}

export function parseDevicesLong(text: string): DeviceListEntry[] {
  const entries: DeviceListEntry[] = [];
  for (const line of text.split('\n')) {
    const words = line.trim().split(/\s+/);
    const serial = words[0];
    if (!serial) continue;
    const stateWords: string[] = [];
    let transportId: bigint | undefined;
    const attributes: Record<string, string> = {};
    let i = 1;
    for (; i < words.length && !/^[a-z_]+:/.test(words[i] as string); i++) stateWords.push(words[i] as string);
    for (; i < words.length; i++) {
      const m = /^([a-z_]+):(.*)$/.exec(words[i] as string);
      if (m === null) continue;
      if (m[1] === 'transport_id') transportId = BigInt(/^\d+$/.test(m[2] as string) ? (m[2] as string) : '0');
      else attributes[m[1] as string] = m[2] as string;
    }
    entries.push({ serial, state: stateWords.join(' ') || 'unknown', transportId, attributes });
  }
  return entries;
}
