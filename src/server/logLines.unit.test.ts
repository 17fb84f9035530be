import { describe, expect, it } from 'vitest';
import { humanLogLine } from './logLines';
import { createLogger } from './logger';

const plain = { color: false };
/** The machine's local time of day of an instant, as the line writes it. */
const clock = (iso: string) => {
  const at = new Date(iso);
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

describe('log lines for a person', () => {
  it('writes a request as one short line: time, method and path, status, duration, caller', () => {
    const json = '{"level":"info","time":"2026-11-25T15:39:24.106Z","method":"GET","path":"/api/v2/business","status":401,"ms":3,"caller":"anonymous","message":"request"}';
    expect(humanLogLine(json, plain)).toBe(`${clock('2026-11-25T15:39:24.106Z')}  GET /api/v2/business  401  3 ms  anonymous`);
  });

  it('writes other events as their message and fields, errors marked, text over several lines indented below', () => {
    const info = '{"level":"info","time":"2026-11-25T15:39:25.000Z","reason":"SIGTERM","message":"shutting down"}';
    expect(humanLogLine(info, plain)).toBe(`${clock('2026-11-25T15:39:25.000Z')}  shutting down  reason=SIGTERM`);
    const error = JSON.stringify({ level: 'error', time: '2026-11-25T15:39:26.000Z', message: 'prune failed', error: 'Error: boom\n    at prune (x.ts:1)', attempt: 2 });
    expect(humanLogLine(error, plain).split('\n')).toEqual([`${clock('2026-11-25T15:39:26.000Z')}  ERROR prune failed  attempt=2`, 'error:', '    Error: boom', '        at prune (x.ts:1)']);
    const quoted = '{"level":"info","time":"2026-11-25T15:39:27.000Z","message":"demo seeded","name":"Harbour Street Bakery","staff":22}';
    expect(humanLogLine(quoted, plain)).toBe(`${clock('2026-11-25T15:39:27.000Z')}  demo seeded  name="Harbour Street Bakery" staff=22`);
  });

  it('colours only when asked, and passes anything that is not a JSON object through', () => {
    const json = '{"level":"info","time":"2026-11-25T15:39:24.106Z","method":"POST","path":"/x","status":500,"ms":9,"caller":"device:4","message":"request"}';
    expect(humanLogLine(json, { color: true })).toContain('\u001b[31m500\u001b[0m');
    expect(humanLogLine(json, plain)).not.toContain('\u001b[');
    expect(humanLogLine('not json', plain)).toBe('not json');
    expect(humanLogLine('[1,2]', plain)).toBe('[1,2]');
  });

  it('is made from the redacted event: a secret never reaches the line', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line), { format: 'pretty' });
    logger.info('sign-in', { email: 'a@example.com', password: 'correct horse', nested: { pin: '640218' }, error: 'Bearer kcd_abcdefghijkl failed' });
    expect(lines).toHaveLength(1);
    for (const secret of ['correct horse', '640218', 'kcd_abcdefghijkl']) expect(lines[0]).not.toContain(secret);
    expect(lines[0]).toContain('password=[redacted]');
    expect(lines[0]).not.toMatch(/^\{/);
  });
});
