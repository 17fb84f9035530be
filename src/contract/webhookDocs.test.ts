/**
 * The web hook filter names and reserved headers are written out in docs/webhooks.md; the OpenAPI
 * text derives them from the domain. This keeps the page's copy from drifting.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESERVED_WEBHOOK_HEADERS } from '../domain/webhookRegistrations';
import { WEBHOOK_EVENTS } from '../domain/webhooks';
import { registerWebHook, WEBHOOK_FILTER_TABLE } from './routes/webhooks';

const page = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');

describe('web hook documentation', () => {
  it('lists every filter name in docs/webhooks.md and the OpenAPI text, from the domain', () => {
    expect(page).toContain(WEBHOOK_FILTER_TABLE);
    for (const event of WEBHOOK_EVENTS) expect(registerWebHook.description).toContain(`\`${event}\``);
  });

  it('lists the reserved header names in docs/webhooks.md', () => {
    const listed = RESERVED_WEBHOOK_HEADERS.map((name) => `\`${name}\``).join(', ');
    expect(page.replace(/\s+/g, ' ')).toContain(listed);
  });
});
