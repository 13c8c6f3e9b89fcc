// Signs a test APK with APK Signature Scheme v2, as apksigner does (source.android.com/docs/security/features/
// apksigning/v2; AOSP tools/apksig ApkSigningBlockUtils): an ECDSA P-256 / SHA-256 signer (algorithm 0x0201) over the
// chunked digest of the entries, the central directory and the end record, in an APK Signing Block inserted before
// the central directory. The simulator's package manager does not check signatures; svc does when asked.
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';

const ECDSA_SHA256 = 0x0201;
const CHUNK = 1024 * 1024;

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
const sized = (...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length), body]);
};

function digest(sections: Buffer[]): Buffer {
  const chunks: Buffer[] = [];
  for (const section of sections) {
    for (let at = 0; at < section.length; at += CHUNK) {
      const chunk = section.subarray(at, Math.min(section.length, at + CHUNK));
      chunks.push(
        createHash('sha256')
          .update(Buffer.from([0xa5]))
          .update(u32(chunk.length))
          .update(chunk)
          .digest(),
      );
    }
  }
  return createHash('sha256')
    .update(Buffer.from([0x5a]))
    .update(u32(chunks.length))
    .update(Buffer.concat(chunks))
    .digest();
}

/** The APK signed with the P-256 key (PEM) whose certificate (DER) is given. */
export function signApkV2(apk: Uint8Array, privateKeyPem: string, certificateDer: Uint8Array): Uint8Array {
  const zip = Buffer.from(apk);
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  const entries = zip.subarray(0, cdOffset);
  const directory = zip.subarray(cdOffset, cdOffset + cdSize);
  const end = Buffer.from(zip.subarray(eocd));
  const key = createPrivateKey(privateKeyPem);
  const publicKey = createPublicKey(key).export({ format: 'der', type: 'spki' });
  const signedData = Buffer.concat([
    sized(sized(u32(ECDSA_SHA256), sized(digest([entries, directory, end])))),
    sized(sized(Buffer.from(certificateDer))),
    sized(),
  ]);
  const signature = sign('sha256', signedData, key);
  const signer = sized(sized(signedData), sized(sized(u32(ECDSA_SHA256), sized(signature))), sized(publicKey));
  const value = sized(signer);
  const pair = Buffer.concat([u64(4 + value.length), u32(0x7109871a), value]);
  const size = pair.length + 8 + 16;
  const block = Buffer.concat([u64(size), pair, u64(size), Buffer.from('APK Sig Block 42', 'latin1')]);
  end.writeUInt32LE(cdOffset + block.length, 16);
  return new Uint8Array(Buffer.concat([entries, block, directory, end]));
}
