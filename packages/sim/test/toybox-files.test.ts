// The file commands of Android's toybox (Android 10+) on the simulated phone, through the real adb binary: what
// scripts and peers run over `adb shell` (mobile-mcp's helper moves files with `mv`) works on the device's files and
// fails with toybox's own words and status. Messages from landley/toybox @cb5b0deec490ce30a32f2c0be99d66daced48f93:
// toys/posix/cp.c (cp and mv: "bad '%s'" + strerror, "Needs 2 arguments", "Skipped dir"), toys/posix/mkdir.c and
// touch.c ("'%s'" + strerror), toys/posix/chmod.c with lib/lib.c string_to_mode ("bad mode '%s'"), toys/other/
// base64.c (76 columns, -d stops at '='), toys/lsb/md5sum.c ("%s  %s", perror_msg_raw for a missing file).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from '../src/testing/lab.ts';

describe('toybox file commands through real adb', () => {
  let lab: Lab;
  let serial: string;
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }] });
    serial = lab.devices[0]!.serial;
  });
  after(() => lab?.close());
  const shell = async (line: string) => {
    const out = await lab.adb('-s', serial, 'shell', line);
    return { stdout: out.stdout, stderr: out.stderr, code: out.code };
  };
  const T = '/data/local/tmp/tb';

  it('mkdir, cp, mv, cat and ls move a file about as a phone does', async () => {
    assert.deepEqual(await shell(`mkdir ${T} && echo hi > ${T}/a.txt && cp ${T}/a.txt ${T}/b.txt && echo ok`), {
      stdout: 'ok\n',
      stderr: '',
      code: 0,
    });
    await shell(`mkdir -p ${T}/sub/deeper && mv ${T}/b.txt ${T}/sub/deeper`);
    assert.equal((await shell(`cat ${T}/sub/deeper/b.txt`)).stdout, 'hi\n');
    assert.equal((await shell(`ls ${T}`)).stdout, 'a.txt\nsub\n');
    assert.equal((await shell(`ls ${T}/sub`)).stdout, 'deeper\n');
    await shell(`mv ${T}/sub ${T}/moved`);
    assert.equal((await shell(`ls ${T}/moved/deeper`)).stdout, 'b.txt\n');
    assert.deepEqual(await shell(`mkdir ${T}/empty; ls ${T}; rm -r ${T}/empty; ls ${T}`), {
      stdout: 'a.txt\nempty\nmoved\na.txt\nmoved\n',
      stderr: '',
      code: 0,
    });
  });

  it('fails as toybox does: a missing source, an existing directory, a bad mode, a directory without -r', async () => {
    await shell(`mkdir -p ${T}/d`);
    assert.deepEqual(await shell(`mv ${T}/nope ${T}/x`), {
      stdout: '',
      stderr: `mv: bad '${T}/nope': No such file or directory\n`,
      code: 1,
    });
    assert.equal((await shell(`cp ${T}/nope ${T}/x`)).stderr, `cp: bad '${T}/nope': No such file or directory\n`);
    assert.equal((await shell('mv onlyone')).stderr, 'mv: Needs 2 arguments\n');
    assert.equal((await shell(`cp ${T}/d ${T}/e`)).stderr, `cp: Skipped dir '${T}/d'\n`);
    assert.deepEqual(await shell(`mkdir ${T}/d`), {
      stdout: '',
      stderr: `mkdir: '${T}/d': File exists\n`,
      code: 1,
    });
    assert.equal((await shell(`mkdir ${T}/no/such`)).stderr, `mkdir: '${T}/no/such': No such file or directory\n`);
    assert.deepEqual(await shell(`chmod rwx ${T}/d`), { stdout: '', stderr: "chmod: bad mode 'rwx'\n", code: 1 });
    assert.equal((await shell(`chmod 644 ${T}/nope`)).stderr, `chmod: ${T}/nope: No such file or directory\n`);
    assert.equal((await shell(`touch ${T}/no/such`)).stderr, `touch: '${T}/no/such': No such file or directory\n`);
  });

  it('chmod sets the mode ls -l shows; touch makes an empty file', async () => {
    await shell(`echo x > ${T}/run.sh && chmod 755 ${T}/run.sh && touch ${T}/empty.txt`);
    assert.match((await shell(`ls -l ${T}/run.sh`)).stdout, /^-rwxr-xr-x 1 shell shell 2 /);
    assert.match((await shell(`ls -l ${T}/empty.txt`)).stdout, /^-rw-rw-rw- 1 shell shell 0 /);
  });

  it('base64, sha256sum and md5sum print what toybox prints, from a file or stdin', async () => {
    await shell(`echo hi > ${T}/h.txt`);
    assert.equal((await shell(`base64 ${T}/h.txt`)).stdout, 'aGkK\n');
    assert.equal((await shell('echo aGkK | base64 -d')).stdout, 'hi\n');
    // 60 bytes encode to 80 characters: wrapped at 76.
    const long = (await shell(`echo 012345678901234567890123456789012345678901234567890123456789 | base64`)).stdout;
    assert.deepEqual(
      long.split('\n').map((l) => l.length),
      [76, 8, 0],
    );
    assert.equal(
      (await shell(`sha256sum ${T}/h.txt`)).stdout,
      `98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4  ${T}/h.txt\n`,
    );
    assert.equal((await shell('echo hi | md5sum')).stdout, '764efa883dda1e11db47671c4a3bbd9e  -\n');
    assert.deepEqual(await shell(`md5sum ${T}/nope`), {
      stdout: '',
      stderr: `md5sum: ${T}/nope: No such file or directory\n`,
      code: 1,
    });
  });
});
