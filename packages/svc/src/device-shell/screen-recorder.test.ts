// What svc reads from screenrecord's log and from `ls -l`, in the shapes real devices print them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { failureWords, sizeIn } from './screen-recorder.ts';

describe('screen recorder text', () => {
  test("a file's size from toybox's and Android 5 toolbox's ls -l, undefined without a file", () => {
    // toybox (API 23+): mode, links, owner, group, size, date, time, name.
    assert.equal(sizeIn('-rw-rw-rw- 1 shell shell 183204 2026-11-27 20:31 /data/local/tmp/svc-rec-a.mp4\n'), 183204);
    // Android 5 toolbox: no link count, the size padded.
    assert.equal(sizeIn('-rw-rw-rw- shell    shell           0 2015-08-12 10:00 svc-rec-a.mp4\n'), 0);
    assert.equal(sizeIn(''), undefined);
  });

  test('an ERROR line or "Encoder failed" is a failure; a WARNING that it retries is not by itself', () => {
    // openatx/adbutils#103: both sizes fail.
    const codec =
      'ERROR: unable to configure video/avc codec at 1920x1080 (err=-22)\n' +
      'WARNING: failed at 1920x1080, retrying at 1280x720\n' +
      'ERROR: unable to configure video/avc codec at 1280x720 (err=-22)\n';
    assert.equal(
      failureWords(codec),
      'ERROR: unable to configure video/avc codec at 1920x1080 (err=-22); ' +
        'ERROR: unable to configure video/avc codec at 1280x720 (err=-22)',
    );
    assert.equal(failureWords('WARNING: failed at 1920x1080, retrying at 1280x720\n'), undefined);
    // Genymobile/scrcpy#349.
    assert.equal(failureWords('Encoder failed (err=-38)\n'), 'Encoder failed (err=-38)');
    assert.equal(failureWords('/system/bin/sh: screenrecord: not found\n'), '/system/bin/sh: screenrecord: not found');
    assert.equal(failureWords(''), undefined);
  });
});
