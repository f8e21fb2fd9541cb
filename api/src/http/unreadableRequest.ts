import http from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * A request Node's parser cannot read (headers or address over its 16 KB, a bad Content-Length, a
 * request that took too long) never reaches the app: answer it here as the app answers every error,
 * JSON with a `message`, where Node's default is an empty body, which a client's JSON parser
 * reports as its own failure instead of the reason.
 */
export function answerUnreadableRequest(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request’s headers or address are too long.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive. Please try again.']
        : [400, 'The request could not be read.'];
  const body = JSON.stringify({ message, code: 'bad_request' });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
