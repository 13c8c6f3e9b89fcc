// The floor of a proxied CLI call, for bench/daemon.ts: a plain Node script, no svc code, that POSTs one execution
// (argv[2], JSON) to the running daemon's socket (argv[3]) and prints the response body. Whatever a real CLI call
// costs beyond this script is svc's own start-up (bundle, parsing, validation, the version check, output).
'use strict';
const { connect } = require('node:net');

const body = JSON.stringify({ execution: JSON.parse(process.argv[2]), operatorPackage: 'com.svc.operator' });
const socket = connect(process.argv[3]);
const chunks = [];
socket.on('connect', () => {
  const head = `POST /execute HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json`;
  socket.write(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
});
socket.on('data', (chunk) => chunks.push(chunk));
socket.on('end', () => {
  const response = Buffer.concat(chunks).toString('utf8');
  process.stdout.write(response.slice(response.indexOf('\r\n\r\n') + 4));
});
