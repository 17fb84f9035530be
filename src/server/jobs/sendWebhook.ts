/**
 * One HTTP attempt of a web hook delivery, kept apart from the queue so its network rules are in
 * one place: a POST with node:http/https whose `lookup` refuses non-public addresses at connect
 * time (webhookTargets.ts safeLookup, against DNS rebinding), the URL checked again first (a
 * literal address never goes through `lookup`), no redirect followed (a 3xx is an answer, and not
 * a 2xx), one deadline for the whole exchange, and the answer's body read only up to a bound and
 * thrown away. The outcome says only the status or a short reason, never the body or the secret.
 */
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkWebhookUri, safeLookup } from '../services/webhooks/webhookTargets';

/** What a receiver answered, or why there was no answer. */
export type SendOutcome = { ok: true; status: number } | { ok: false; status: number | null; reason: string };

export interface SendWebhookRequest {
  url: string;
  /** The exact JSON body that was signed. */
  body: string;
  /** Headers to send, names exactly as given (the caller puts its own last so they win). */
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** The most of an answer's body that is read (then discarded) before the connection is dropped. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** Sends one POST and settles with its outcome; never throws. */
export function sendWebhook(req: SendWebhookRequest): Promise<SendOutcome> {
  const refused = checkWebhookUri(req.url, req.allowPrivate);
  if (refused) return Promise.resolve({ ok: false, status: null, reason: `target refused: ${refused}` });
  const url = new URL(req.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: OutgoingHttpHeaders = { ...req.headers, 'content-length': Buffer.byteLength(req.body) };

  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    let outgoing: ReturnType<typeof httpRequest> | undefined;
    const deadline = setTimeout(() => {
      finish({ ok: false, status: null, reason: `timed out after ${req.timeoutMs} ms` });
      outgoing?.destroy();
    }, req.timeoutMs);

    const onResponse = (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const done = () => {
        if (status >= 200 && status < 300) finish({ ok: true, status });
        else if (status >= 300 && status < 400) finish({ ok: false, status, reason: `HTTP ${status} (redirects are not followed)` });
        else finish({ ok: false, status, reason: `HTTP ${status}` });
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) {
          // Enough: the status is known and the body is never used.
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', () => done());
    };

    try {
      outgoing = send(url, { method: 'POST', headers, lookup: safeLookup(req.allowPrivate), agent: false }, onResponse);
    } catch (error) {
      // An invalid header name or value (e.g. a control character) is refused before sending.
      finish({ ok: false, status: null, reason: describeError(error) });
      return;
    }
    outgoing.on('error', (error) => finish({ ok: false, status: null, reason: describeError(error) }));
    outgoing.end(req.body);
  });
}
