// UTF-8 without TextEncoder/TextDecoder (contracts compile against es2024 only, no DOM or node types).

/** UTF-8 byte length of a JS string; a lone surrogate counts as U+FFFD (3 bytes), as JSON.stringify+encode would. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export function utf8Encode(text: string): Uint8Array {
  const out = new Uint8Array(utf8ByteLength(text));
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.codePointAt(i) as number;
    if (cp > 0xffff) i++;
    else if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) out[o++] = cp;
    else if (cp < 0x800) {
      out[o++] = 0xc0 | (cp >> 6);
      out[o++] = 0x80 | (cp & 63);
    } else if (cp < 0x10000) {
      out[o++] = 0xe0 | (cp >> 12);
      out[o++] = 0x80 | ((cp >> 6) & 63);
      out[o++] = 0x80 | (cp & 63);
    } else {
      out[o++] = 0xf0 | (cp >> 18);
      out[o++] = 0x80 | ((cp >> 12) & 63);
      out[o++] = 0x80 | ((cp >> 6) & 63);
      out[o++] = 0x80 | (cp & 63);
    }
  }
  return out;
}

/** Strict decoder: returns undefined on any invalid sequence (overlong, surrogate, truncated, > U+10FFFF). */
export function utf8Decode(bytes: Uint8Array): string | undefined {
  const parts: string[] = [];
  let units: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    let cp: number;
    let need: number;
    let min: number;
    if (b < 0x80) {
      cp = b;
      need = 0;
      min = 0;
    } else if (b >= 0xc2 && b <= 0xdf) {
      cp = b & 31;
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      cp = b & 15;
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      cp = b & 7;
      need = 3;
      min = 0x10000;
    } else return undefined;
    for (let k = 1; k <= need; k++) {
      const cont = bytes[i + k];
      if (cont === undefined || (cont & 0xc0) !== 0x80) return undefined;
      cp = (cp << 6) | (cont & 63);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
    if (cp > 0xffff) {
      const v = cp - 0x10000;
      units.push(0xd800 + (v >> 10), 0xdc00 + (v & 1023));
    } else units.push(cp);
    i += need + 1;
    if (units.length > 8000) {
      parts.push(String.fromCharCode(...units));
      units = [];
    }
  }
  parts.push(String.fromCharCode(...units));
  return parts.join('');
}
