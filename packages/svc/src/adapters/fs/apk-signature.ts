// Who signed an APK, checked: APK Signature Scheme v2 and v3 (the APK Signing Block before the zip's central
// directory), as Android's package manager checks it (AOSP frameworks/base/core/java/android/util/apk/
// ApkSignatureSchemeV2Verifier.java, ApkSigningBlockUtils.java; source.android.com/docs/security/features/apksigning/v2):
// the signer's signature over its signed data with its public key, that key being its first certificate's, and the
// signed digest of the APK's contents (1 MiB chunks of the entries, the central directory and the end record). Only
// then is the first certificate's SHA-256 (what `apksigner verify --print-certs` prints) reported.
import { createHash, constants as cryptoConstants, verify, X509Certificate } from 'node:crypto';

const BLOCK_MAGIC = 'APK Sig Block 42';
const V2_ID = 0x7109871a;
const V3_ID = 0xf05368c0;
const CHUNK = 1024 * 1024;

interface Algorithm {
  hash: 'sha256' | 'sha512';
  pss?: boolean;
}

/** Signature algorithm ids (ApkSigningBlockUtils.SIGNATURE_*), strongest last among equals. */
const ALGORITHMS: Record<number, Algorithm> = {
  257: { hash: 'sha256', pss: true },
  258: { hash: 'sha512', pss: true },
  259: { hash: 'sha256' },
  260: { hash: 'sha512' },
  513: { hash: 'sha256' },
  514: { hash: 'sha512' },
  769: { hash: 'sha256' },
};

export type SignatureCheck = { ok: true; certificateSha256: string } | { ok: false; reason: string };

class Reader {
  readonly buf: Buffer;
  pos: number;
  readonly end: number;
  constructor(buf: Buffer, pos = 0, end = buf.length) {
    this.buf = buf;
    this.pos = pos;
    this.end = end;
  }
  get left() {
    return this.end - this.pos;
  }
  u32(): number {
    if (this.left < 4) throw new Error('truncated');
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
  /** A u32-length-prefixed slice, as a reader of its own. */
  sized(): Reader {
    const n = this.u32();
    if (n > this.left) throw new Error('truncated');
    const r = new Reader(this.buf, this.pos, this.pos + n);
    this.pos += n;
    return r;
  }
  bytes(): Buffer {
    return this.buf.subarray(this.pos, this.end);
  }
}

function endOfCentralDirectory(apk: Buffer): number | undefined {
  for (let at = apk.length - 22; at >= Math.max(0, apk.length - 22 - 0xffff); at--) {
    if (apk.readUInt32LE(at) === 0x06054b50 && apk.readUInt16LE(at + 20) === apk.length - at - 22) return at;
  }
  return undefined;
}

/** The chunked digest of the three sections, the end record pointing at the signing block (ApkSigningBlockUtils). */
function contentDigest(hash: Algorithm['hash'], sections: Buffer[]): Buffer {
  const chunks: Buffer[] = [];
  for (const section of sections) {
    for (let at = 0; at < section.length; at += CHUNK) {
      const chunk = section.subarray(at, Math.min(section.length, at + CHUNK));
      const head = Buffer.alloc(5);
      head[0] = 0xa5;
      head.writeUInt32LE(chunk.length, 1);
      chunks.push(createHash(hash).update(head).update(chunk).digest());
    }
  }
  const head = Buffer.alloc(5);
  head[0] = 0x5a;
  head.writeUInt32LE(chunks.length, 1);
  return createHash(hash).update(head).update(Buffer.concat(chunks)).digest();
}

/** Verifies the APK's v3 (else v2) signature; the first signer's first certificate's SHA-256 when it holds. */
export function checkApkSignature(apk: Buffer): SignatureCheck {
  try {
    const eocd = endOfCentralDirectory(apk);
    if (eocd === undefined) return { ok: false, reason: 'not a zip' };
    const cdSize = apk.readUInt32LE(eocd + 12);
    const cdOffset = apk.readUInt32LE(eocd + 16);
    if (cdOffset < 32 || apk.toString('latin1', cdOffset - 16, cdOffset) !== BLOCK_MAGIC) {
      return { ok: false, reason: 'no APK Signing Block (not signed with scheme v2 or v3)' };
    }
    const size = Number(apk.readBigUInt64LE(cdOffset - 24));
    const blockStart = cdOffset - size - 8;
    if (blockStart < 0 || Number(apk.readBigUInt64LE(blockStart)) !== size) return { ok: false, reason: 'bad block' };
    const pairs = new Map<number, Buffer>();
    for (let at = blockStart + 8; at < cdOffset - 24; ) {
      const length = Number(apk.readBigUInt64LE(at));
      pairs.set(apk.readUInt32LE(at + 8), apk.subarray(at + 12, at + 8 + length));
      at += 8 + length;
    }
    const v3 = pairs.get(V3_ID);
    const scheme = v3 ? { value: v3, v3: true } : { value: pairs.get(V2_ID), v3: false };
    if (scheme.value === undefined) return { ok: false, reason: 'no v2 or v3 signature in the signing block' };
    const signer = new Reader(scheme.value).sized().sized();
    const signedDataReader = signer.sized();
    const signedData = signedDataReader.bytes();
    if (scheme.v3) {
      // The signer's min and max SDK (v3 only).
      signer.u32();
      signer.u32();
    }
    const signatures = signer.sized();
    const publicKey = signer.sized().bytes();
    // The strongest signature the signer gives that this check knows.
    let best: { id: number; sig: Buffer } | undefined;
    while (signatures.left > 0) {
      const entry = signatures.sized();
      const id = entry.u32();
      const sig = entry.sized().bytes();
      if (ALGORITHMS[id] && (best === undefined || ALGORITHMS[id].hash >= (ALGORITHMS[best.id] as Algorithm).hash)) {
        best = { id, sig };
      }
    }
    if (best === undefined) return { ok: false, reason: 'no signature of a known algorithm' };
    const algorithm = ALGORITHMS[best.id] as Algorithm;
    const key = { key: publicKey, format: 'der' as const, type: 'spki' as const };
    const padding = algorithm.pss
      ? { padding: cryptoConstants.RSA_PKCS1_PSS_PADDING, saltLength: algorithm.hash === 'sha256' ? 32 : 64 }
      : {};
    if (!verify(algorithm.hash, signedData, { ...key, ...padding }, best.sig)) {
      return { ok: false, reason: "the signer's signature does not verify" };
    }
    const data = new Reader(signedData);
    const digests = data.sized();
    let signedDigest: Buffer | undefined;
    while (digests.left > 0) {
      const entry = digests.sized();
      const id = entry.u32();
      const digest = entry.sized().bytes();
      if (id === best.id) signedDigest = digest;
    }
    const certificates = data.sized();
    const first = certificates.sized().bytes();
    const certificate = new X509Certificate(first);
    const certificateKey = certificate.publicKey.export({ format: 'der', type: 'spki' });
    if (!certificateKey.equals(publicKey)) return { ok: false, reason: "the public key is not the certificate's" };
    const end = Buffer.from(apk.subarray(eocd));
    end.writeUInt32LE(blockStart, 16);
    const actual = contentDigest(algorithm.hash, [
      apk.subarray(0, blockStart),
      apk.subarray(cdOffset, cdOffset + cdSize),
      end,
    ]);
    if (signedDigest === undefined || !signedDigest.equals(actual)) {
      return { ok: false, reason: "the APK's contents are not what was signed" };
    }
    return { ok: true, certificateSha256: createHash('sha256').update(first).digest('hex') };
  } catch (error) {
    return { ok: false, reason: `unreadable signature (${(error as Error).message})` };
  }
}
