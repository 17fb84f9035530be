/**
 * A table's row from a raw statement's result: the statement selects the table's columns by their
 * database names (`select "t".*`, as a compiled statement does, compiledStatements.ts), and each
 * value is decoded by its column as drizzle decodes a select of the table, so the row is the
 * table's `$inferSelect` whichever way it was read.
 */
import { getTableColumns, getTableName, type InferSelectModel, type Table } from 'drizzle-orm';

/** Decodes rows of `table` keyed by column name into its select type. */
export function rowMapper<T extends Table>(table: T): (raw: Readonly<Record<string, unknown>>) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      if (!(name in raw)) throw new Error(`column ${name} of ${getTableName(table)} was not read`);
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}
