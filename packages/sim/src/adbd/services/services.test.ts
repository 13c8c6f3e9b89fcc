import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { abbExecCommandLine, streamedInstallSize } from './install.ts';
import { parseShellService } from './shell.ts';
import { encodeShellPacket, ShellPacketDecoder } from './shell-packets.ts';

describe('service names', () => {
  it('parses shell v2, legacy shell and exec service names', () => {
    assert.deepEqual(parseShellService('shell,v2,raw:echo hi'), {
      service: 'shell',
      protocol: 'v2',
      pty: false,
      command: 'echo hi',
    });
    assert.deepEqual(parseShellService('shell,v2,TERM=xterm-256color,pty:'), {
      service: 'shell',
      protocol: 'v2',
      pty: true,
      command: '',
    });
    assert.deepEqual(parseShellService('shell:ls -l'), {
      service: 'shell',
      protocol: 'none',
      pty: false,
      command: 'ls -l',
    });
    assert.deepEqual(parseShellService('exec:cat a:b'), {
      service: 'exec',
      protocol: 'none',
      pty: false,
      command: 'cat a:b',
    });
    assert.equal(parseShellService('sync:'), undefined);
  });

  it('turns abb_exec arguments into a quoted cmd command line', () => {
    assert.equal(
      abbExecCommandLine(['abb_exec:package', 'install', '-S', '123'].join('\0')),
      'cmd package install -S 123',
    );
    assert.equal(abbExecCommandLine("abb_exec:package\0list\0it's"), `cmd package list 'it'"'"'s'`);
  });

  it('recognizes the size of a streamed install', () => {
    assert.equal(streamedInstallSize('cmd package install -S 4096'), 4096);
    assert.equal(streamedInstallSize("cmd package install -r -S 10 'x'"), 10);
    assert.equal(streamedInstallSize('cmd package list packages'), undefined);
    // What adb 29 sends over exec: when the device has `cmd` but not `abb_exec`.
    assert.equal(streamedInstallSize("cmd package 'install' -S 200000"), 200000);
    assert.equal(streamedInstallSize("cmd package 'install' '-r' -S 7"), 7);
  });
});

describe('shell protocol packets', () => {
  it('decodes packets split across and packed into payloads', () => {
    const bytes = Buffer.concat([encodeShellPacket(0, Buffer.from('abc')), encodeShellPacket(4, Buffer.alloc(0))]);
    const decoder = new ShellPacketDecoder();
    const packets = [
      ...decoder.push(bytes.subarray(0, 3)),
      ...decoder.push(bytes.subarray(3, 9)),
      ...decoder.push(bytes.subarray(9)),
    ];
    assert.deepEqual(
      packets.map((p) => [p.id, Buffer.from(p.data).toString()]),
      [
        [0, 'abc'],
        [4, ''],
      ],
    );
  });
});
