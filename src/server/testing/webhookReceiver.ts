/**
 * A web hook receiver for tests: a node:http server on 127.0.0.1 (port 0) that keeps every request
 * it gets (raw body, headers with their names as sent, the parsed envelope) and answers as the
 * test says: a status, a redirect, or no answer at all (to run past the sender's timeout).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEnvelope } from '../../domain/webhooks';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** Header names exactly as they arrived. */
  headerNames: string[];
  body: string;
  envelope: WebhookEnvelope;
  /** What this request was answered (null: left hanging). */
  answered: number | null;
}

/** How to answer the n-th request (0-based): a status, a status after a pause, a redirect to a path, or hang. */
export type ReceiverAnswer = number | { status: number; afterMs: number } | { redirect: string } | 'hang';

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  received: ReceivedWebhook[];
  /** The most requests that were ever open at once. */
  maxInFlight: number;
  answer: (n: number, path: string) => ReceiverAnswer;
  /** The requests answered 2xx. */
  accepted(): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(answer: (n: number, path: string) => ReceiverAnswer = () => 200): Promise<WebhookReceiver> {
  const hanging: ServerResponse[] = [];
  const receiver: WebhookReceiver = {
    origin: '',
    port: 0,
    received: [],
    maxInFlight: 0,
    answer,
    accepted: () => receiver.received.filter((r) => r.answered !== null && r.answered >= 200 && r.answered < 300),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  let inFlight = 0;
  const server = createServer((request, response) => {
    inFlight += 1;
    receiver.maxInFlight = Math.max(receiver.maxInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const reply = receiver.answer(receiver.received.length, path);
      const headerNames = request.rawHeaders.filter((_, i) => i % 2 === 0);
      let envelope: WebhookEnvelope;
      try {
        envelope = JSON.parse(body) as WebhookEnvelope;
      } catch {
        envelope = { Id: '', Attempt: 0, Properties: {}, Notifications: [] };
      }
      const entry: ReceivedWebhook = { path, headers: request.headers, headerNames, body, envelope, answered: null };
      receiver.received.push(entry);
      if (reply === 'hang') {
        hanging.push(response);
        return;
      }
      if (typeof reply === 'number' || 'status' in reply) {
        const status = typeof reply === 'number' ? reply : reply.status;
        const send = () => {
          entry.answered = status;
          response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 400 ? 'receiver says no' : 'ok');
        };
        if (typeof reply === 'number') send();
        else setTimeout(send, reply.afterMs);
        return;
      }
      entry.answered = 302;
      response.writeHead(302, { location: `${receiver.origin}${reply.redirect}` }).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.origin = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}
