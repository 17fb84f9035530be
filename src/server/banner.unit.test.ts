import { describe, expect, it } from 'vitest';
import { bannerText, type BannerFacts } from './banner';

const facts: BannerFacts = {
  baseUrl: 'http://127.0.0.1:8787',
  host: '127.0.0.1',
  port: 8787,
  publicUrl: undefined,
  database: 'PGlite in /srv/data/pglite',
  smtpConfigured: false,
};
const demo = { created: true, file: '/srv/data/demo.json', auFile: '/srv/data/demo-au.json', laidAround: '15:40', zone: 'Europe/London' };

describe('the start-up banner', () => {
  it('starts with the line the harnesses wait for, and says where everything is', () => {
    const text = bannerText({ ...facts, demo }, ['192.168.1.20']);
    expect(text.startsWith('\nKiosk Clock is running at http://127.0.0.1:8787\n')).toBe(true);
    expect(text.endsWith('\n\n')).toBe(true);
    expect(text).toContain('API reference: http://127.0.0.1:8787/docs');
    expect(text).toContain('Database: PGlite in /srv/data/pglite');
    expect(text).toContain('Demo seeded, its day laid around 15:40 (Europe/London)');
    expect(text).toContain('sign-ins, API key and PINs: /srv/data/demo.json');
    expect(text).toContain('/srv/data/demo-au.json');
    expect(text).toContain("Mail: the demo's e-mails and texts (PIN reset codes, invitations) are printed here");
    expect(text.trim().split('\n').length).toBeLessThanOrEqual(12);
  });

  it('says a loopback HOST keeps tablets out, and how to let them in', () => {
    const text = bannerText(facts, ['192.168.1.20']);
    expect(text).toContain('On your network: not reachable (HOST=127.0.0.1 listens on this machine only); for a tablet, start it with HOST=0.0.0.0');
    expect(text).not.toContain('192.168.1.20');
    expect(text).toContain('Mail: kept in the outbox table (set SMTP_URL to send it)');
    expect(text).not.toContain('Demo');
  });

  it('lists the LAN addresses when HOST is every interface, or the address it names', () => {
    expect(bannerText({ ...facts, host: '0.0.0.0' }, ['192.168.1.20', '10.0.0.5'])).toContain('On your network: http://192.168.1.20:8787, http://10.0.0.5:8787 (');
    expect(bannerText({ ...facts, host: '::' }, [])).toContain('On your network: this machine has no network address');
    expect(bannerText({ ...facts, host: '192.168.1.20' }, ['192.168.1.20'])).toContain('On your network: http://192.168.1.20:8787 (');
    expect(bannerText({ ...facts, publicUrl: 'https://kiosk.lan', baseUrl: 'https://kiosk.lan' }, [])).toContain('On your network: https://kiosk.lan (PUBLIC_URL)');
  });

  it('says mail goes through SMTP when it does, the demo messages printed as well', () => {
    expect(bannerText({ ...facts, smtpConfigured: true }, [])).toContain('Mail: sent through SMTP_URL\n');
    expect(bannerText({ ...facts, smtpConfigured: true, demo }, [])).toContain("Mail: sent through SMTP_URL; the demo's e-mails and texts are also printed here");
  });
});
