/**
 * Answers to requests Node's HTTP server refuses before the app sees them. A request whose head
 * (URL and headers) passes Node's limit (16 KB) would get Node's own bare 431 with no body: a
 * client could not tell it from a proxy's answer. It gets the service's problem+json instead. Other
 * requests Node cannot read get Node's own answers, as before (written here because a
 * `clientError` listener replaces Node's).
 */
import type { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { PROBLEM_CONTENT_TYPE, problemType, type Problem } from '../../contract/problem';

const HEADERS_TOO_LARGE: Problem = {
  type: problemType('headers-too-large'),
  title: 'Request header fields too large.',
  status: 431,
  code: 'headers-too-large',
  detail: 'The URL and headers together pass the 16 KB limit: send a shorter URL (e.g. a shorter $filter) or fewer headers.',
};

/** Node's own answers to the other errors, as its default handler writes them. */
const NODE_ANSWERS: Record<string, string> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

function problemAnswer(problem: Problem, reason: string): string {
  const body = JSON.stringify(problem);
  return [
    `HTTP/1.1 ${problem.status} ${reason}`,
    `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Makes `server` answer requests it cannot read (before routing) as described above. */
export function answerClientErrors(server: EventEmitter): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex & { bytesWritten?: number }) => {
    // A connection already gone, or one that has had part of an answer, gets nothing more.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket.bytesWritten ?? 0) > 0) {
      socket.destroy();
      return;
    }
    socket.end(error.code === 'HPE_HEADER_OVERFLOW' ? problemAnswer(HEADERS_TOO_LARGE, 'Request Header Fields Too Large') : (NODE_ANSWERS[error.code ?? ''] ?? BAD_REQUEST));
  });
}
