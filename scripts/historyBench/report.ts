/**
 * The history benchmark's table: each figure on the business with history beside the same figure
 * on the business without, the database's own time where it bounds the figure, and the target.
 * Printed, written to bench-history-results.json, and placed in BENCHMARKS.md between markers (the
 * prose around them is kept).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Summary } from './load';

export type Target =
  /** History p50 at most this many times the empty business's p50. */
  | { kind: 'ratio'; max: number }
  /** p95 at most this many ms. */
  | { kind: 'p95'; maxMs: number }
  /** Every sample at most this many ms. */
  | { kind: 'max'; maxMs: number }
  /** Reported, no target. */
  | { kind: 'none' };

export interface Row {
  name: string;
  empty: Summary | null;
  history: Summary;
  /** The database's own time per request (pg_stat_statements), history business. */
  dbMs?: number | undefined;
  /** Size of one answer on the history business. */
  bytes?: number | undefined;
  target: Target;
}

export function isMet(row: Row): boolean | null {
  switch (row.target.kind) {
    case 'ratio':
      return row.empty ? row.history.p50 <= row.target.max * row.empty.p50 : null;
    case 'p95':
      return row.history.p95 <= row.target.maxMs;
    case 'max':
      return row.history.max <= row.target.maxMs;
    case 'none':
      return null;
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '–');
const both = (s: Summary | null) => (s ? `${ms(s.p50)} / ${ms(s.p95)}` : '–');
function size(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} kB` : `${bytes} B`;
}

function targetText(target: Target): string {
  switch (target.kind) {
    case 'ratio':
      return `≤ ${target.max}× empty (p50)`;
    case 'p95':
      return `p95 ≤ ${target.maxMs} ms`;
    case 'max':
      return `max ≤ ${target.maxMs} ms`;
    case 'none':
      return '';
  }
}

/** The results as a Markdown table. */
export function markdownTable(rows: readonly Row[]): string {
  const lines = [
    '| Call | Empty p50 / p95 (ms) | History p50 / p95 (ms) | History max (ms) | DB time (ms) | Answer | Target | Met |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const met = isMet(row);
    lines.push(
      `| ${row.name} | ${both(row.empty)} | ${both(row.history)} | ${ms(row.history.max)} | ${row.dbMs === undefined ? '' : ms(row.dbMs)} | ${size(row.bytes)} | ${targetText(row.target)} | ${met === null ? '' : met ? 'yes' : '**no**'} |`,
    );
  }
  return lines.join('\n');
}


/** Replaces the generated part of BENCHMARKS.md (or creates the file with it). */
/** Replaces the block between `<!-- <marker>:start -->` and its end in BENCHMARKS.md (appended when missing). */
export function writeBenchmarksMd(path: string, generated: string, marker = 'history-bench'): void {
  const START = `<!-- ${marker}:start -->`;
  const END = `<!-- ${marker}:end -->`;
  const block = `${START}\n${generated.trim()}\n${END}`;
  const current = existsSync(path) ? readFileSync(path, 'utf8') : `# Benchmarks\n\n${START}\n${END}\n`;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start === -1 || end === -1 ? `${current.trimEnd()}\n\n${block}\n` : `${current.slice(0, start)}${block}${current.slice(end + END.length)}`;
  writeFileSync(path, next);
}

export function printTable(rows: readonly Row[]): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  console.log(`\n${pad('call', 44)} ${pad('empty p50/p95', 16)} ${pad('history p50/p95', 18)} ${pad('max', 7)} ${pad('db', 7)} target`);
  for (const row of rows) {
    const met = isMet(row);
    console.log(
      `${met === false ? 'MISS' : met ? 'ok  ' : '    '} ${pad(row.name, 39)} ${pad(both(row.empty), 16)} ${pad(both(row.history), 18)} ${pad(ms(row.history.max), 7)} ${pad(row.dbMs === undefined ? '' : ms(row.dbMs), 7)} ${targetText(row.target)}`,
    );
  }
}
