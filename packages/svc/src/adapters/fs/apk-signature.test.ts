// The signature check against real signed APKs: the two Appium Settings builds svc ships (signed by apksigner with
// scheme v2), a byte changed in them, an unsigned APK, and a test APK signed by the simulator's v2 signer with a
// certificate made by openssl, whose fingerprint openssl prints.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { buildRealApk, signApkV2 } from 'svc-sim/testing';
import { checkApkSignature } from './apk-signature.ts';

const require = createRequire(import.meta.url);
const appium = (npm: string) =>
  readFileSync(join(dirname(require.resolve(`${npm}/package.json`)), 'apks', 'settings_apk-debug.apk'));

describe('the APK signature check', () => {
  it('verifies the signature of both Appium Settings builds and names their certificates', () => {
    const checks = ['io.appium.settings', 'io.appium.settings-api21'].map((npm) => checkApkSignature(appium(npm)));
    for (const check of checks)
      assert.ok(check.ok && /^[0-9a-f]{64}$/.test(check.certificateSha256), JSON.stringify(check));
  });

  it('refuses a signed APK with one byte changed, and an unsigned one', () => {
    const changed = Buffer.from(appium('io.appium.settings'));
    changed[1000] = (changed[1000] ?? 0) ^ 1;
    const tampered = checkApkSignature(changed);
    assert.deepEqual(tampered, { ok: false, reason: "the APK's contents are not what was signed" });
    const unsigned = checkApkSignature(Buffer.from(buildRealApk({ package: 'a.b', versionName: '1', versionCode: 1 })));
    assert.equal(unsigned.ok, false);
  });

  it('names the certificate openssl made, by the fingerprint openssl prints', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-apk-sign-'));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.der');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        key,
        '-outform',
        'DER',
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=svc test',
      ],
      { stdio: 'ignore' },
    );
    const printed = execFileSync('openssl', [
      'x509',
      '-inform',
      'DER',
      '-in',
      cert,
      '-noout',
      '-fingerprint',
      '-sha256',
    ])
      .toString()
      .split('=')[1]
      ?.trim()
      .replaceAll(':', '')
      .toLowerCase();
    const apk = signApkV2(
      buildRealApk({ package: 'a.b', versionName: '1', versionCode: 1 }),
      readFileSync(key, 'utf8'),
      readFileSync(cert),
    );
    assert.deepEqual(checkApkSignature(Buffer.from(apk)), { ok: true, certificateSha256: printed });
  });
});
