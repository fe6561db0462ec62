import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from './errors';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a request line or headers over
 * the 16 KB limit, a malformed request) are answered in the one error shape too, not with Node's
 * own empty-bodied 431 or 400. The connection closes after the answer: what follows on it cannot
 * be trusted to start a new request.
 */

type ParserError = Error & { code?: string };

/** The raw HTTP answer for a request the parser refused, or null when there is no one to answer. */
export function clientErrorAnswer(err: ParserError): string | null {
  if (err.code === 'ECONNRESET') return null;
  const [status, reason, body]: [number, string, ErrorBody] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          { error: { code: 'too_large', message: 'The URL or the request headers are larger than 16 KB' } },
        ]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'HPE_HEADER_TIMEOUT'
        ? [408, 'Request Timeout', { error: { code: 'timeout', message: 'The request did not arrive in time' } }]
        : [400, 'Bad Request', { error: { code: 'bad_request', message: 'The request is not valid HTTP' } }];
  const text = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${reason}\r\n` +
    'Content-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(text)}\r\n` +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n' +
    text
  );
}

/** Installs the answer above on a Node HTTP server (`serve()` of @hono/node-server returns one). */
export function answerClientErrorsInErrorShape(server: Server) {
  server.on('clientError', (err: ParserError, socket: Duplex) => {
    const answer = clientErrorAnswer(err);
    // A response already begun on this socket cannot take a second one.
    const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (answer && socket.writable && !started) socket.end(answer);
    else socket.destroy();
  });
}
