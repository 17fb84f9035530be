/**
 * Rows from a raw statement's result (a compiled statement, compiledStatements.ts): the statement
 * selects columns under known names (their database names, or `prefix + name` when several
 * tables are read side by side: selectColumns), and each value is decoded by its column as
 * drizzle decodes a select, so the row is the table's `$inferSelect` whichever way it was read.
 * A row may also come as JSON (`row_to_json`): drizzle's decoders take its text forms too.
 */
import { getTableColumns, getTableName, sql, type Column, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';

type Columns = Readonly<Record<string, Column>>;
type Decoded<C extends Columns> = { [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null };

/** The columns as `"table"."column" as "<prefix><column>"`, for a select list read by columnsMapper. */
export function selectColumns(columns: Columns, prefix: string): SQL {
  return sql.join(
    Object.values(columns).map((column) => sql`${column} as ${sql.identifier(`${prefix}${column.name}`)}`),
    sql`, `,
  );
}

/** Decodes the columns (read under `prefix + name`) into a record keyed as `columns` is. */
export function columnsMapper<C extends Columns>(columns: C, prefix = '', what = 'a row'): (raw: Readonly<Record<string, unknown>>) => Decoded<C> {
  const list = Object.entries(columns).map(([key, column]) => ({ key, name: `${prefix}${column.name}`, column }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of list) {
      if (!(name in raw)) throw new Error(`column ${name} of ${what} was not read`);
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as Decoded<C>;
  };
}

/** Decodes rows of `table` (every column, under `prefix + name`) into its select type. */
export function rowMapper<T extends Table>(table: T, prefix = ''): (raw: Readonly<Record<string, unknown>>) => InferSelectModel<T> {
  return columnsMapper(getTableColumns(table), prefix, getTableName(table));
}
