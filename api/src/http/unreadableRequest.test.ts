import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answerUnreadableRequest } from './unreadableRequest';

/** A socket that keeps what is written to it. */
function fakeSocket() {
  let written = '';
  const socket = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString('utf8');
      done();
    },
  });
  return { socket, written: () => written };
}

const failure = (code: string) => Object.assign(new Error(code), { code });

describe("a request Node's parser cannot read", () => {
  // The 431 and 400 are proved end to end in test/hostile/requests.test.ts; the timeout takes the
  // server's 30 s headers timeout to happen for real, so each answer is read here.
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'The request’s headers or address are too long.'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'The request took too long to arrive. Please try again.'],
    ['HPE_INVALID_CONTENT_LENGTH', 400, 'The request could not be read.'],
  ])('answers %s with %i and a JSON message', async (code, status, message) => {
    const { socket, written } = fakeSocket();
    answerUnreadableRequest(failure(code), socket);
    await new Promise((resolve) => socket.once('finish', resolve));
    const [head, body] = written().split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toMatch(/content-type: application\/json/i);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ message, code: 'bad_request' });
  });

  it('writes nothing to a connection the client reset', () => {
    const { socket, written } = fakeSocket();
    answerUnreadableRequest(failure('ECONNRESET'), socket);
    expect(socket.destroyed).toBe(true);
    expect(written()).toBe('');
  });
});
