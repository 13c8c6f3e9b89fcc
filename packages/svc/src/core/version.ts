// The CLI version, sent as `X-Svc-Version` on every response (DECISIONS 12). Imported from the package manifest: the
// build inlines it into the bundle (no file read on a call), and a version change makes the bundle stale like any
// other source it was made from.
import svcPackage from '../../package.json' with { type: 'json' };

export function svcVersion(): string {
  return svcPackage.version;
}
