/**
 * An SMTP server on 127.0.0.1 (smtp-server) that keeps every message it accepts, for the mail
 * delivery tests (one process, deliverOutbox.test.ts, and several, crossProcess tests): it can
 * refuse recipients, acknowledge DATA after a delay, or hold DATA unanswered (a sender that dies
 * mid-delivery).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  to: string;
  subject: string;
  text: string;
}

export interface MailSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Recipients the server answers 550 at RCPT TO. */
  reject: Set<string>;
  /** Delay (ms) before the server acknowledges DATA. */
  dataDelayMs: number;
  /** While true, a message's DATA is read but never acknowledged (the sender waits). */
  holdData: boolean;
  /** Subjects of the messages held unacknowledged. */
  held: string[];
  close(): Promise<void>;
}

/** Minimal RFC 5322 reading: unfolded headers, and a 7bit or quoted-printable text body. */
function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headerText = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  if (headers.get('content-transfer-encoding')?.toLowerCase() === 'quoted-printable') {
    body = Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return {
    envelopeTo,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: body.replace(/\r\n$/, ''),
  };
}

export async function startMailSink(): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const reject = new Set<string>();
  const sink = { received, reject, dataDelayMs: 0, holdData: false, held: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (reject.has(address.address)) {
        const error = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((address) => address.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), envelopeTo);
        if (sink.holdData) {
          sink.held.push(mail.subject);
          return;
        }
        setTimeout(() => {
          received.push(mail);
          callback();
        }, sink.dataDelayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  });
}

