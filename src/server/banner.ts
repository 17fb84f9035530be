/**
 * What `npm start` prints once the service is ready: the last thing before the request lines, so
 * a person finds in one place where to open it (on this machine and, when HOST lets other
 * devices in, on the network), the API reference, where the data and the demo's sign-ins are, and
 * where mail goes. Its first line, "Kiosk Clock is running at <url>", is what the test harnesses
 * wait for.
 */
import { networkInterfaces } from 'node:os';

export interface BannerFacts {
  /** The URL the service announces (PUBLIC_URL, else this machine's). */
  baseUrl: string;
  host: string;
  port: number;
  publicUrl: string | undefined;
  database: string;
  /** SMTP_URL is set. */
  smtpConfigured: boolean;
  /** The demo seeded or found at start-up; absent without DEMO (or in a process that does not provision). */
  demo?: {
    created: boolean;
    /** Where demo.json and demo-au.json are. */
    file: string;
    auFile: string;
    /** The moment its roster is laid around, written as a time of day in the bakery's zone. */
    laidAround: string | null;
    zone: string;
  };
}

/** Non-internal IPv4 addresses of this machine: where a tablet on the same network reaches it. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);
const isWildcard = (host: string) => host === '0.0.0.0' || host === '::';

/** The "on your network" line: the addresses a tablet can use, or why it cannot reach this. */
function networkLine(facts: BannerFacts, lan: readonly string[]): string {
  if (facts.publicUrl) return `On your network: ${facts.publicUrl} (PUBLIC_URL)`;
  if (isLoopback(facts.host)) {
    return `On your network: not reachable (HOST=${facts.host} listens on this machine only); for a tablet, start it with HOST=0.0.0.0`;
  }
  const where = isWildcard(facts.host) ? lan.map((address) => `http://${address}:${facts.port}`) : [`http://${facts.host}:${facts.port}`];
  if (where.length === 0) return 'On your network: this machine has no network address';
  return `On your network: ${where.join(', ')} (installing and offline use need HTTPS: docs/deployment.md)`;
}

function mailLine(facts: BannerFacts): string {
  if (facts.demo) {
    return facts.smtpConfigured
      ? "Mail: sent through SMTP_URL; the demo's e-mails and texts are also printed here"
      : "Mail: the demo's e-mails and texts (PIN reset codes, invitations) are printed here; nothing is sent (SMTP_URL sends e-mail)";
  }
  return facts.smtpConfigured ? 'Mail: sent through SMTP_URL' : 'Mail: kept in the outbox table (set SMTP_URL to send it)';
}

/** The banner, starting and ending with a blank line. */
export function bannerText(facts: BannerFacts, lan: readonly string[] = lanAddresses()): string {
  const lines = [
    `Kiosk Clock is running at ${facts.baseUrl}`,
    `  ${networkLine(facts, lan)}`,
    `  API reference: ${facts.baseUrl}/docs`,
    `  Database: ${facts.database}`,
    `  ${mailLine(facts)}`,
  ];
  if (facts.demo) {
    const around = facts.demo.laidAround ? `, its day laid around ${facts.demo.laidAround} (${facts.demo.zone})` : '';
    lines.push(
      `  Demo ${facts.demo.created ? 'seeded' : 'ready'}${around}`,
      `    sign-ins, API key and PINs: ${facts.demo.file}`,
      `    the AU café's: ${facts.demo.auFile}`,
    );
  }
  lines.push('  Stop: Ctrl-C');
  return `\n${lines.join('\n')}\n\n`;
}
