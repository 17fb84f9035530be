import { describe, expect, it } from 'vitest';
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
