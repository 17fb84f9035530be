/** The rows of a raw `execute` result, whichever driver ran it (kept apart so any layer may read raw SQL results). */

/** The rows of an `execute` result: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  return [];
}
