import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '#shared/api/common';

/*
 * Requests Node refuses before Fastify sees them: sent slower than CLIENT_TIMEOUTS allow (app.ts),
 * headers too large, or bytes that are not HTTP. They get the same `{ message }` body as every other
 * refusal (docs/product.md, "Input limits"), written straight to the socket, which then closes: there is
 * no request to reply to. Fastify's own answer carried `"Client Timeout"` and fields no other refusal has.
 */

const REFUSALS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request took too long to arrive. Check the connection and send it again.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: "The request's headers are too large. Clear this site's cookies and sign in again.",
  },
};
const NOT_HTTP = { status: 400, message: 'The request could not be read as HTTP.' };

/** Fastify's `clientErrorHandler`. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = REFUSALS[error.code ?? ''] ?? NOT_HTTP;
  const body = JSON.stringify({ message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
