/**
 * A list route's field map: for each field of the listed model, the SQL that yields it and its
 * type, so `$filter` and `$orderby` run in the database on the columns (and indexes) behind the
 * model. Computed fields map to a joined column or a subquery; only lists and objects cannot be
 * filtered or ordered, and a query naming one is refused with a 400 naming the field.
 */
import { Column, getTableName, is, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

type Expression = Column | SQL | SQL.Aliased;

interface ScalarField {
  /**
   * int: whole numbers; intText: an integer column the model shows as text (timesheet line ids);
   * decimal: numeric; text; bool; instant: a timestamptz the model shows as a UTC instant.
   */
  type: 'int' | 'intText' | 'decimal' | 'text' | 'bool' | 'instant';
  sql: SQLWrapper;
  nullable: boolean;
}

/** A wall-clock time the model shows without an offset: the instant `utc` read in the zone `zone`. */
interface LocalDateTimeField {
  type: 'localDateTime';
  utc: SQLWrapper;
  zone: SQLWrapper;
  nullable: boolean;
}

/**
 * A contract enum stored as its member name. Filter literals name a member in any case or by its
 * number (0-based position), as the vendor's .NET binder reads enums (wireTypes.enumInput); the
 * comparison is with the canonical name.
 */
interface EnumField {
  type: 'enum';
  sql: SQLWrapper;
  nullable: boolean;
  members: readonly string[];
}

interface UnsupportedField {
  type: 'unsupported';
  reason: string;
}

export type FieldSpec = ScalarField | LocalDateTimeField | EnumField | UnsupportedField;
export type SupportedField = ScalarField | LocalDateTimeField | EnumField;

/** Every field of a model, mapped: `FieldMap<keyof Model>` makes the type checker refuse a missing one. */
export type FieldMap<K extends string> = Record<K, FieldSpec>;

const isNullable = (sql: Expression, nullable: boolean | undefined) => nullable ?? (is(sql, Column) ? !sql.notNull : true);

const scalar =
  (type: ScalarField['type']) =>
  (sql: Expression, options: { nullable?: boolean } = {}): ScalarField => ({ type, sql, nullable: isNullable(sql, options.nullable) });

/** Builders for field maps (`nullable` defaults to the column's own, and to true for expressions). */
export const field = {
  int: scalar('int'),
  intText: scalar('intText'),
  decimal: scalar('decimal'),
  text: scalar('text'),
  bool: scalar('bool'),
  instant: scalar('instant'),
  enum: (sql: Expression, members: readonly string[], options: { nullable?: boolean } = {}): EnumField => ({
    type: 'enum',
    sql,
    nullable: isNullable(sql, options.nullable),
    members,
  }),
  localDateTime: (utc: Column, zone: Column): LocalDateTimeField => ({ type: 'localDateTime', utc, zone, nullable: !utc.notNull }),
  list: (): UnsupportedField => ({ type: 'unsupported', reason: 'is a list' }),
  object: (): UnsupportedField => ({ type: 'unsupported', reason: 'is an object' }),
};

/**
 * A column named with its table (`"timesheet_lines"."location_id"`), for correlated subqueries:
 * Drizzle leaves columns unqualified in single-table selects, where a subquery would read them as
 * its own.
 */
export function outer(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
