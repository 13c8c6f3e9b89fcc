// What `svc operator setup --apk` checks before it installs anything: the APK's own manifest (package name and
// version) against the operator asked for and the versions svc supports, and, when the user gives one, its SHA-256
// against the published digest (a `.sha256` file holds the digest alone, or a `sha256sum` line; the first field
// counts), and its signer's certificate against `--cert-sha256` (the APK's v2/v3 signature verified first:
// apk-signature.ts). The result names exactly what was checked: a check that did not run is not reported as passed.
import { type ApkIdentity, readApkIdentity, readBytes, sha256Hex } from '../adapters/fs/apk-manifest.ts';
import { checkApkSignature } from '../adapters/fs/apk-signature.ts';
import { SvcError } from '../contracts/errors.ts';
import { inSupportedRange, supportedRange } from '../contracts/operator-apk.ts';
import { KNOWN_OPERATOR_PACKAGES } from '../contracts/operator-variants.ts';
import { svcVersion } from '../core/version.ts';
import type { Target } from '../executions/target.ts';

/** What setup verified of the APK before installing it; a digest only when the user gave one to compare. */
export interface ApkVerified {
  package: string;
  version: string;
  versionCode: number;
  sha256?: string;
  /** The SHA-256 of the certificate that signed it (its signature verified). */
  certificateSha256?: string;
}

/** What the user asked to compare, each optional: the file's digest, the signing certificate's digest. */
export interface ApkExpectations {
  sha256?: string | undefined;
  certificateSha256?: string | undefined;
}

/** `--cert-sha256`: 64 hex digits, with or without the colons keytool and openssl print. */
export function certificateDigest(value: string): string {
  const hex = value.trim().replaceAll(':', '').toLowerCase();
  if (!HEX_DIGEST.test(hex)) {
    throw new SvcError('CLI_USAGE_ERROR', '--cert-sha256 must be a SHA-256 digest: 64 hex digits (colons allowed)', {
      path: '--cert-sha256',
    });
  }
  return hex;
}

const HEX_DIGEST = /^[0-9a-f]{64}$/i;

/** `--sha256`: 64 hex digits, or a file whose first field is them (the published `.sha256` file). */
export async function expectedDigest(value: string): Promise<string> {
  if (HEX_DIGEST.test(value.trim())) return value.trim().toLowerCase();
  let text: string;
  try {
    text = new TextDecoder().decode(await readBytes(value));
  } catch {
    throw new SvcError('CLI_USAGE_ERROR', '--sha256 must be 64 hex digits or a file that holds them', {
      path: '--sha256',
    });
  }
  const first = text.trim().split(/\s+/)[0] ?? '';
  if (!HEX_DIGEST.test(first)) {
    throw new SvcError(
      'CLI_USAGE_ERROR',
      `--sha256 file ${value} does not start with a SHA-256 digest (64 hex digits)`,
      {
        path: '--sha256',
      },
    );
  }
  return first.toLowerCase();
}

const mismatch = (message: string, details: Record<string, unknown>) =>
  new SvcError('OPERATOR_APK_MISMATCH', message, details);

/** `X.Y` of `X.Y.Z[-suffix]`, or undefined. */
const majorMinor = (version: string) => /^v?(\d+)\.(\d+)\.\d+(?:[-+].*)?$/.exec(version.trim())?.slice(1, 3).join('.');

function checkVersion(apk: ApkIdentity, operatorPackage: string): void {
  const range = supportedRange(operatorPackage);
  if (range !== undefined) {
    if (inSupportedRange(operatorPackage, apk.versionName) === 'in') return;
    throw mismatch(`the APK is ${operatorPackage} ${apk.versionName}; svc supports ${range}`, {
      field: 'version',
      version: apk.versionName,
      supportedRange: range,
    });
  }
  // svc's own operator is released with svc: the same major.minor.
  const cli = majorMinor(svcVersion());
  if (cli !== undefined && majorMinor(apk.versionName) === cli) return;
  throw mismatch(`the APK is ${operatorPackage} ${apk.versionName}; this svc needs ${cli}.x`, {
    field: 'version',
    version: apk.versionName,
    supportedRange: `${cli}.x`,
  });
}

/**
 * Reads and checks the APK at `path`; returns the operator package it installs and what was verified. Throws
 * OPERATOR_APK_INVALID (no readable manifest) or OPERATOR_APK_MISMATCH (digest, package or version), before any
 * device work.
 */
export async function verifyOperatorApk(
  path: string,
  target: Pick<Target, 'operatorPackage' | 'operatorPackageSource'>,
  expected: ApkExpectations = {},
): Promise<{ operatorPackage: string; verified: ApkVerified }> {
  const { sha256, certificateSha256 } = expected;
  const bytes = await readBytes(path);
  const actualDigest = sha256Hex(bytes);
  if (sha256 !== undefined && actualDigest !== sha256) {
    throw mismatch(`the APK's SHA-256 is ${actualDigest}, not the ${sha256} given with --sha256`, {
      field: 'sha256',
      expected: sha256,
      actual: actualDigest,
      apk: path,
    });
  }
  if (certificateSha256 !== undefined) {
    const signature = checkApkSignature(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!signature.ok || signature.certificateSha256 !== certificateSha256) {
      const said = signature.ok ? `was signed by the certificate ${signature.certificateSha256}` : signature.reason;
      throw mismatch(`the APK's signature does not match --cert-sha256: ${said}`, {
        field: 'certificate',
        expected: certificateSha256,
        ...(signature.ok ? { actual: signature.certificateSha256 } : { reason: signature.reason }),
        apk: path,
      });
    }
  }
  const apk = await readApkIdentity(bytes);
  if (apk === undefined) {
    throw new SvcError('OPERATOR_APK_INVALID', `${path} is not an APK with a readable AndroidManifest.xml`, {
      apk: path,
    });
  }
  const named = target.operatorPackageSource === 'default' ? undefined : target.operatorPackage;
  if (named !== undefined && apk.package !== named) {
    throw mismatch(`the APK is ${apk.package}, not the operator package ${named} asked for`, {
      field: 'package',
      expected: named,
      actual: apk.package,
    });
  }
  if (named === undefined && !KNOWN_OPERATOR_PACKAGES.includes(apk.package)) {
    throw mismatch(`the APK is ${apk.package}, which is no operator app svc knows`, {
      field: 'package',
      expected: KNOWN_OPERATOR_PACKAGES,
      actual: apk.package,
    });
  }
  checkVersion(apk, apk.package);
  const verified: ApkVerified = {
    package: apk.package,
    version: apk.versionName,
    versionCode: apk.versionCode,
    ...(sha256 === undefined ? {} : { sha256: actualDigest }),
    ...(certificateSha256 === undefined ? {} : { certificateSha256 }),
  };
  return { operatorPackage: apk.package, verified };
}
