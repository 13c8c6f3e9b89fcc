// Where a user gets an operator app and whether an installed one is supported. Only the published Clawperator
// operator has a public APK (svc's own variant is the same app with the brand word svc and is not published), so
// every hint that says "install the operator" names its versioned download, its SHA-256 file and the one check that
// file supports. svc never downloads anything itself.
//
// Sources (clawperator/clawperator at v0.5.2): the addresses apps/node/src/domain/version/compatibility.ts:120-128;
// the `.sha256` file holds the bare digest (scripts/release: `echo "$sha256" > operator-vX.Y.Z.apk.sha256`), so
// `sha256sum -c` rejects it and the check compares the first field, as sites/landing/public/install.sh:451-472 does.
import { DEBUG_VERSION_SUFFIX, OPERATOR_VARIANTS, type OperatorVariant, variantOf } from './operator-variants.ts';

/** The variant whose APK is published (Clawperator). */
export const PUBLISHED_VARIANT = OPERATOR_VARIANTS.find((v) => v.apk !== undefined) as OperatorVariant;

export interface ApkDownload {
  title: string;
  version: string;
  /** The package the downloaded APK installs as. */
  operatorPackage: string;
  url: string;
  sha256Url: string;
  releasePage: string;
  /** The file name the URL saves as. */
  file: string;
  /** A POSIX shell line that prints OK when the file's digest is the published one. */
  check: string;
  /** The svc command that installs and enables it. */
  setup: string;
}

/**
 * The APK to get for `pkg`: that variant's recommended version when it is published, else (svc's own variant) the
 * published Clawperator operator's, which speaks the same wire.
 */
export function apkDownload(pkg?: string): ApkDownload {
  const own = pkg === undefined ? undefined : variantOf(pkg);
  const variant = own?.apk ? own : PUBLISHED_VARIANT;
  const apk = variant.apk as NonNullable<OperatorVariant['apk']>;
  const versions = variant.versions;
  const version = versions === 'cli-major-minor' ? '' : versions.recommended;
  const operatorPackage = pkg !== undefined && own === variant ? pkg : variant.packages.release;
  const url = apk.url(version);
  const file = url.slice(url.lastIndexOf('/') + 1);
  return {
    title: variant.title,
    version,
    operatorPackage,
    url,
    sha256Url: apk.sha256Url(version),
    releasePage: apk.releasePage(version),
    file,
    check: `test "$(sha256sum ${file} | cut -d' ' -f1)" = "$(cut -d' ' -f1 ${file}.sha256)" && echo OK`,
    setup: `svc operator setup --apk ${file} --sha256 ${file}.sha256 --operator-package ${operatorPackage}`,
  };
}

/** One sentence for hints and remediations: what to download, how to check it, how to install it. */
export function apkAdvice(pkg?: string): string {
  const d = apkDownload(pkg);
  const instead =
    pkg !== undefined && variantOf(pkg) !== PUBLISHED_VARIANT
      ? `svc's own operator is not published; ${d.title} speaks the same wire: `
      : '';
  return `${instead}download ${d.title} ${d.version} from ${d.url} and its SHA-256 from ${d.sha256Url}, check it (\`${d.check}\`), then run \`${d.setup}\``;
}

/** `X.Y.Z` of a versionName (`0.5.2`, `0.5.2-d`, `v0.5.2`), or undefined when it is not one. */
function release(version: string): [number, number, number] | undefined {
  const trimmed = version.trim().replace(/^v/, '');
  const base = trimmed.endsWith(DEBUG_VERSION_SUFFIX) ? trimmed.slice(0, -DEBUG_VERSION_SUFFIX.length) : trimmed;
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(base);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The supported range of a published variant, as users read it (`0.5.0–0.5.3`), or undefined for svc's own. */
export function supportedRange(pkg: string): string | undefined {
  const { versions } = variantOf(pkg);
  return versions === 'cli-major-minor' ? undefined : `${versions.min}–${versions.max}`;
}

/**
 * Whether an installed versionName of a variant with a fixed range is inside it: `invalid` when it is not `X.Y.Z`
 * (with the build's debug suffix allowed).
 */
export function inSupportedRange(pkg: string, version: string): 'in' | 'out' | 'invalid' {
  const { versions } = variantOf(pkg);
  if (versions === 'cli-major-minor') throw new Error(`${pkg} has no fixed version range`);
  const v = release(version);
  const min = release(versions.min);
  const max = release(versions.max);
  if (!v || !min || !max) return 'invalid';
  return compare(v, min) >= 0 && compare(v, max) <= 0 ? 'in' : 'out';
}
