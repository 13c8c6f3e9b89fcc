// The floor of any direct CLI call, for bench/exec.ts: a plain Node script, no svc code, that runs `shell true` on
// one device (argv[3]) through the adb server socket (argv[2], a port) with shell protocol v2, and exits when the
// exit packet arrives. One adb round trip in a fresh process: what a direct call pays at the very least, once.
'use strict';
const { connect } = require('node:net');

const request = (text) => `${Buffer.byteLength(text).toString(16).padStart(4, '0')}${text}`;
const socket = connect(Number(process.argv[2]), '127.0.0.1');
let buffered = Buffer.alloc(0);
let stage = 'transport';
socket.on('connect', () => socket.write(request(`host:transport:${process.argv[3]}`)));
socket.on('data', (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  if (stage !== 'shell') {
    if (buffered.length < 4) return;
    if (buffered.subarray(0, 4).toString() !== 'OKAY') throw new Error(`adb refused ${stage}: ${buffered}`);
    buffered = buffered.subarray(4);
    if (stage === 'transport') {
      stage = 'service';
      socket.write(request('shell,v2,raw:true'));
      return;
    }
    stage = 'shell';
  }
  // Shell protocol v2 packets: id (1 byte), length (4 bytes LE), payload; id 3 is the exit status.
  while (buffered.length >= 5 && buffered.length >= 5 + buffered.readUInt32LE(1)) {
    if (buffered[0] === 3) {
      socket.destroy();
      return;
    }
    buffered = buffered.subarray(5 + buffered.readUInt32LE(1));
  }
});
