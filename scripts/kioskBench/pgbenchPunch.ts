/**
 * pgbench running the service's punch SQL: the script is generated from the statements the floor
 * ran for one sample clock-on and clock-off (floorPunch.ts, which takes them from the service's
 * keyedPunch.ts), with the values it sent. A pgbench transaction is one employee's clock-on then
 * clock-off: two punches, four of the service's statements. What pgbench cannot do is said here:
 * - its variables cannot carry a NULL, so a parameter sent as NULL is written as the literal NULL
 *   in its place (same statement otherwise; the casts stay);
 * - it cannot take a value out of the read's JSON, so after each read one small bridging select
 *   (`\gset`) reads the employee's row version and the shift id (the drawn id with currval for a
 *   clock-on, the open one for a clock-off): one more light statement a punch than the service.
 * Per punch the employee (`:e`, each client on its own employees), the version, the shift and the
 * Idempotency-Key vary; every other value is the sample's, passed with -D.
 */
import { createRequire } from 'node:module';
import type { CompiledStatement } from '../../src/server/db/compiledStatements';
import type { RunStatement } from './floorPunch';

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: (this: void, value: unknown) => unknown };

export interface SentStatement {
  statement: CompiledStatement;
  values: unknown[];
}

/** `runner`, also keeping what it runs in `into`. */
export function recording(runner: RunStatement, into: SentStatement[]): RunStatement {
  return (statement, values) => {
    into.push({ statement, values });
    return runner(statement, values);
  };
}

const SHIFT = new Set(['shiftId', 'shift.id', 'line.clockShiftId']);

/** The pgbench variable (`:name`) or literal for one parameter, and a -D definition when it is a constant. */
function parameter(name: string, value: unknown, constant: string, key: string): { text: string; define: string | null } {
  if (name === 'employeeId' || name.endsWith('.employeeId')) return { text: ':e', define: null };
  if (name === 'version') return { text: ':v', define: null };
  if (SHIFT.has(name)) return { text: ':s', define: null };
  if (name === 'key.key') return { text: `:${key}`, define: null };
  if (value === null || value === undefined) return { text: 'NULL', define: null };
  return { text: `:${constant}`, define: `${constant}=${String(prepareValue(value))}` };
}

/** One statement's text with its `$n` as pgbench variables; `key`: the variable of its Idempotency-Key. */
function scripted(sent: SentStatement, index: number, key: string, defines: string[]): string {
  const { statement, values } = sent;
  const text = statement.text.replace(/\$(\d+)/g, (_match, digits: string) => {
    const n = Number(digits);
    const param = statement.params[n - 1];
    if (!param) throw new Error(`statement ${index} has no parameter $${n}`);
    const { text: replaced, define } = parameter(param.name, values[n - 1], `c${index}_${n}`, key);
    if (define !== null) defines.push(define);
    return replaced;
  });
  if (text.includes(';')) throw new Error(`statement ${index} holds a semicolon: pgbench would split it`);
  return text;
}

/** A clock-on's and a clock-off's statements as the floor sent them (read, then write, each). */
export interface SamplePunches {
  clockOn: readonly SentStatement[];
  clockOff: readonly SentStatement[];
}

/** The script and its -D definitions (besides first, per, span: the clients' employees). */
export function pgbenchPunchScript(sample: SamplePunches): { script: string; defines: string[] } {
  const [onRead, onWrite] = sample.clockOn;
  const [offRead, offWrite] = sample.clockOff;
  if (!onRead || !onWrite || !offRead || !offWrite || sample.clockOn.length !== 2 || sample.clockOff.length !== 2) {
    throw new Error('a sample punch is one read and one write');
  }
  const defines: string[] = [];
  const script = [
    '\\set e :first + (:client_id * :per + random(0, :per - 1)) % :span',
    '\\set k1 random(1, 999999999999)',
    '\\set k2 random(1, 999999999999)',
    `${scripted(onRead, 0, 'k1', defines)};`,
    "select xmin::text as v, currval(pg_get_serial_sequence('clock_shifts', 'id')) as s from employees where id = :e \\gset",
    `${scripted(onWrite, 1, 'k1', defines)};`,
    `${scripted(offRead, 2, 'k2', defines)};`,
    'select xmin::text as v, current_shift_id as s from employees where id = :e \\gset',
    `${scripted(offWrite, 3, 'k2', defines)};`,
    '',
  ].join('\n');
  return { script, defines };
}
