import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseResponse } from './socket-client.ts';

const raw = (text: string) => Buffer.from(text, 'utf8');

test('a response with Content-Length or chunked encoding gives its status, headers (names in lower case) and JSON body', () => {
  const body = JSON.stringify({ ok: true, text: 'é<hierarchy/>' });
  const sized = parseResponse(
    raw(`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Svc-Identity-Checked: 1\r\n\r\n${body}`),
  );
  assert.deepEqual(sized, {
    status: 200,
    headers: { 'content-length': String(Buffer.byteLength(body)), 'x-svc-identity-checked': '1' },
    json: { ok: true, text: 'é<hierarchy/>' },
  });
  const [a, b] = [body.slice(0, 5), body.slice(5)];
  const chunked = `HTTP/1.1 423 Locked\r\ntransfer-encoding: chunked\r\n\r\n${Buffer.byteLength(a).toString(16)}\r\n${a}\r\n${Buffer.byteLength(b).toString(16)}\r\n${b}\r\n0\r\n\r\n`;
  assert.deepEqual(parseResponse(raw(chunked)), {
    status: 423,
    headers: { 'transfer-encoding': 'chunked' },
    json: { ok: true, text: 'é<hierarchy/>' },
  });
});

test('a cut-off or malformed response is reported, never taken for an answer', () => {
  assert.equal(typeof parseResponse(raw('')), 'string');
  assert.equal(typeof parseResponse(raw('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{"ok":')), 'string');
  assert.equal(typeof parseResponse(raw('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"ok"')), 'string');
  assert.equal(typeof parseResponse(raw('garbage\r\n\r\n{}')), 'string');
  assert.equal(typeof parseResponse(raw('HTTP/1.1 200 OK\r\n\r\nnot json')), 'string');
});
