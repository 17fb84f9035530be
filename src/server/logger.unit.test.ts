import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createLogger } from './logger';

function collect(level: Parameters<typeof createLogger>[0]) {
  const lines: string[] = [];
  return { lines, logger: createLogger(level, (line) => lines.push(line)) };
}

describe('logger', () => {
  it('writes one JSON line per event with time, level, message and fields', () => {
    const { lines, logger } = collect('info');
    logger.info('request', { method: 'GET', status: 200 });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 'info', message: 'request', method: 'GET', status: 200 });
    expect(new Date(String(entry.time)).toISOString()).toBe(entry.time);
  });

  it('leaves out events below its level, and silent writes nothing', () => {
    const info = collect('info');
    info.logger.debug('detail');
    info.logger.error('broken');
    expect(info.lines.map((line) => (JSON.parse(line) as { level: string }).level)).toEqual(['error']);
    const silent = collect('silent');
    silent.logger.error('broken');
    expect(silent.lines).toEqual([]);
  });

  it('redacts secret-named fields at any depth, and never writes their values', () => {
    const { lines, logger } = collect('debug');
    logger.info('sign-in', {
      email: 'a@example.com',
      password: 'correct horse',
      body: { employeeId: 7, pin: '640218', nested: [{ accessToken: 'kct_abc' }], imageData: 'AAAA' },
      authorization: 'Bearer kcd_secret',
    });
    const line = lines[0]!;
    for (const secret of ['correct horse', '640218', 'kct_abc', 'AAAA', 'kcd_secret']) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({
      email: 'a@example.com',
      password: '[redacted]',
      body: { employeeId: 7, pin: '[redacted]', nested: [{ accessToken: '[redacted]' }], imageData: '[redacted]' },
      authorization: '[redacted]',
    });
  });
});

describe('logger against hostile fields', () => {
  it('redacts secret names in any spelling, and never cuts anything else', () => {
    const { lines, logger } = collect('info');
    logger.info('hostile', {
      PIN: '1357',
      newPin: '2468',
      'x-api-key': 'k-1',
      Cookie: 'session=abc',
      credentials: { user: 'u', pass: 'p' },
      Passwd: 'hunter2',
      headers: { Authorization: 'Basic YWJjOg==' },
      list: [[{ refresh_token: 'r-1' }]],
      status: 409,
      employeeId: 12,
    });
    const line = lines[0]!;
    for (const secret of ['1357', '2468', 'k-1', 'session=abc', 'hunter2', 'YWJjOg==', 'r-1']) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ status: 409, employeeId: 12, credentials: '[redacted]' });
  });

  it("redacts a failed query's parameters and credentials inside any text, such as an error's stack", () => {
    const { lines, logger } = collect('info');
    const failed = new DrizzleQueryError('insert into punch_photos (data) values ($1, $2)', ['/9j/4AAQSkZJRgABAQ', 'a note\nover two lines'], new Error('boom'));
    logger.error('unhandled error', {
      error: failed.stack ?? failed.message,
      detail: 'sent Bearer kcd_AbCdEf0123456789xyz and a key kck_QwErTy0987654321',
      note: 'Basic information about the shift',
    });
    const line = lines[0]!;
    for (const secret of ['/9j/4AAQSkZJRgABAQ', 'over two lines', 'kcd_AbCdEf0123456789xyz', 'kck_QwErTy0987654321']) expect(line).not.toContain(secret);
    const entry = JSON.parse(line) as { error: string; detail: string };
    expect(entry.error).toContain('Failed query: insert into punch_photos');
    expect(entry.error).toContain('params: [redacted]');
    expect(entry.detail).toBe('sent Bearer [redacted] and a key [redacted]');
  });

  it('cuts structures deeper than it walks instead of following them', () => {
    const { lines, logger } = collect('info');
    type Nested = { next?: Nested; pin?: string };
    const deep: Nested = {};
    let cursor = deep;
    for (let level = 0; level < 20; level += 1) cursor = cursor.next = { pin: '9753' };
    logger.info('deep', { deep });
    expect(lines[0]).not.toContain('9753');
    expect(lines[0]).toContain('[too deep]');
  });
});
