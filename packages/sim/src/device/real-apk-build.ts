// Builds a real APK's bytes for tests: a zip (stored entries) holding AndroidManifest.xml in Android's binary XML,
// the format aapt2 writes and the package manager reads. Only what a manifest reader needs is written: one string
// pool (UTF-8), elements and their attributes (strings and decimal integers), no resource map, no resources.
// Formats: AOSP frameworks/base/libs/androidfw/include/androidfw/ResourceTypes.h (ResChunk_header, ResStringPool_header,
// ResXMLTree_node, ResXMLTree_attrExt, ResXMLTree_attribute, Res_value) and the zip format (PKWARE APPNOTE.TXT
// 4.3.7, 4.3.12, 4.3.16). @devicefarmer/adbkit-apkreader reads them back (real-apk.ts).
import { crc32 } from 'node:zlib';

/** An element of the manifest: its name, attributes (string or integer) and children. */
export interface XmlElement {
  name: string;
  attrs?: Record<string, string | number>;
  children?: XmlElement[];
}

export interface RealApkManifest {
  package: string;
  versionName: string;
  versionCode: number;
  minSdk?: number;
  /** Runtime permissions it requests (`<uses-permission>`). */
  permissions?: string[];
  /** `.Main`-style launcher activity. */
  launcherActivity?: string;
}

const RES_XML_TYPE = 0x0003;
const RES_STRING_POOL_TYPE = 0x0001;
const RES_XML_START_ELEMENT_TYPE = 0x0102;
const RES_XML_END_ELEMENT_TYPE = 0x0103;
const UTF8_FLAG = 1 << 8;
const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(headerSize, 2);
  head.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}

function utf8Length(n: number): Buffer {
  return n < 0x80 ? Buffer.from([n]) : Buffer.from([0x80 | (n >> 8), n & 0xff]);
}

function stringPool(strings: string[]): Buffer {
  const data: Buffer[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const s of strings) {
    const bytes = Buffer.from(s, 'utf8');
    const entry = Buffer.concat([utf8Length(s.length), utf8Length(bytes.length), bytes, Buffer.from([0])]);
    offsets.push(at);
    data.push(entry);
    at += entry.length;
  }
  const pad = (4 - (at % 4)) % 4;
  const fixed = Buffer.alloc(20 + 4 * strings.length);
  fixed.writeUInt32LE(strings.length, 0);
  fixed.writeUInt32LE(0, 4);
  fixed.writeUInt32LE(UTF8_FLAG, 8);
  fixed.writeUInt32LE(28 + 4 * strings.length, 12);
  fixed.writeUInt32LE(0, 16);
  for (const [i, offset] of offsets.entries()) fixed.writeUInt32LE(offset, 20 + 4 * i);
  return chunk(RES_STRING_POOL_TYPE, 28, Buffer.concat([fixed, ...data, Buffer.alloc(pad)]));
}

/** Android binary XML of one element tree. */
export function binaryXml(root: XmlElement): Buffer {
  // Index 0 is a blank: readers take a string value at index 0 for "none".
  const strings = [''];
  const index = (s: string) => {
    const found = strings.indexOf(s);
    if (found > 0) return found;
    strings.push(s);
    return strings.length - 1;
  };
  const nodes: Buffer[] = [];
  const walk = (element: XmlElement) => {
    const attrs = Object.entries(element.attrs ?? {});
    const body = Buffer.alloc(8 + 20 + 20 * attrs.length);
    body.writeUInt32LE(1, 0); // line number
    body.writeInt32LE(-1, 4); // comment
    body.writeInt32LE(-1, 8); // namespace
    body.writeInt32LE(index(element.name), 12);
    body.writeUInt16LE(20, 16); // attributeStart
    body.writeUInt16LE(20, 18); // attributeSize
    body.writeUInt16LE(attrs.length, 20);
    attrs.forEach(([name, value], i) => {
      const at = 28 + 20 * i;
      body.writeInt32LE(-1, at);
      body.writeInt32LE(index(name), at + 4);
      const isString = typeof value === 'string';
      const ref = isString ? index(value) : -1;
      body.writeInt32LE(ref, at + 8);
      body.writeUInt16LE(8, at + 12);
      body.writeUInt8(0, at + 14);
      body.writeUInt8(isString ? TYPE_STRING : TYPE_INT_DEC, at + 15);
      body.writeInt32LE(isString ? ref : value, at + 16);
    });
    nodes.push(chunk(RES_XML_START_ELEMENT_TYPE, 16, body));
    for (const child of element.children ?? []) walk(child);
    const end = Buffer.alloc(16);
    end.writeUInt32LE(1, 0);
    end.writeInt32LE(-1, 4);
    end.writeInt32LE(-1, 8);
    end.writeInt32LE(index(element.name), 12);
    nodes.push(chunk(RES_XML_END_ELEMENT_TYPE, 16, end));
  };
  walk(root);
  return chunk(RES_XML_TYPE, 8, Buffer.concat([stringPool(strings), ...nodes]));
}

/** A zip of stored (uncompressed) entries. */
export function storedZip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The bytes of a real APK with this manifest (unsigned: the simulator's package manager does not check signatures). */
export function buildRealApk(manifest: RealApkManifest): Uint8Array {
  const children: XmlElement[] = [];
  if (manifest.minSdk !== undefined) children.push({ name: 'uses-sdk', attrs: { minSdkVersion: manifest.minSdk } });
  for (const permission of manifest.permissions ?? [])
    children.push({ name: 'uses-permission', attrs: { name: permission } });
  const activities: XmlElement[] =
    manifest.launcherActivity === undefined
      ? []
      : [
          {
            name: 'activity',
            attrs: { name: manifest.launcherActivity },
            children: [
              {
                name: 'intent-filter',
                children: [
                  { name: 'action', attrs: { name: 'android.intent.action.MAIN' } },
                  { name: 'category', attrs: { name: 'android.intent.category.LAUNCHER' } },
                ],
              },
            ],
          },
        ];
  children.push({ name: 'application', children: activities });
  const xml = binaryXml({
    name: 'manifest',
    attrs: { versionCode: manifest.versionCode, versionName: manifest.versionName, package: manifest.package },
    children,
  });
  return new Uint8Array(storedZip([{ name: 'AndroidManifest.xml', data: xml }]));
}
