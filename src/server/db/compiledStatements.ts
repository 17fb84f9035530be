/**
 * Statements whose SQL text is built once and then only run: a hot path (a punch) writes its SQL
 * with drizzle's `sql` and query builders as everywhere else, but with a placeholder
 * (`sql.placeholder(name)`) for every value, so the text depends only on the statement's shape;
 * it is compiled once per shape (compileStatement) and each request supplies values by name.
 * Building drizzle's SQL objects and walking them into text cost a punch about a sixth of the
 * service's CPU when it was done per request. The compiled statement carries a name derived from
 * its text, so PostgreSQL prepares it once per connection (as namedStatements.ts does for others).
 *
 * A value written into the SQL itself (not a placeholder) would be shared by every later request
 * of that shape: compileStatement refuses one.
 */
import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, is, Param, Placeholder, SQL, sql, type Column, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './openDatabase';
import { rowsOf } from './rowsOf';

export interface CompiledStatement {
  /** The prepared statement's name on PostgreSQL (from the text: one text, one name). */
  name: string;
  text: string;
  /** The placeholders in parameter order ($1, $2, ...), each with the column whose encoder its value goes through. */
  params: ReadonlyArray<{ name: string; encode: ((value: unknown) => unknown) | null }>;
}

/** A value in SQL shared with compiled statements: the value itself, the placeholder a compiled statement fills, or an SQL expression for it. */
export type Bind<T> = T | Placeholder<string, T> | SQL;

/** A placeholder named `name` (sql.placeholder, typed for a Bind). */
export const bind = <T>(name: string): Placeholder<string, T> => sql.placeholder(name) as Placeholder<string, T>;

/** A string constant of the code (never a request's value) written into the text as a literal. */
export function constantText(text: string): SQL {
  if (!/^[\w .-]*$/.test(text)) throw new Error(`not a plain constant: ${text}`);
  return sql.raw(`'${text}'`);
}

const constants = new WeakMap<SQL, string>();

/**
 * An SQL expression that holds no value (e.g. now(), or a placeholder) under a name, so a bound
 * record that holds it can say which one in its shape.
 */
export function namedSql(name: string, expression: SQL): SQL {
  constants.set(expression, name);
  return expression;
}

/** A record of column values for a compiled insert or update: placeholders, their values, and the record's shape. */
export interface BoundRecord {
  /** Each key's placeholder (`prefix.key`), or its SQL expression as given (which must hold no value); made when first read. */
  readonly binds: Record<string, unknown>;
  values: Record<string, unknown>;
  /** The keys given (an SQL expression marked), so one shape has one text. */
  shape: string;
}

/**
 * `record` with every value replaced by a placeholder named `prefix.key`, for `.values()` or
 * `.set()` of a compiled statement; undefined keys are left out (the column's default), SQL
 * expressions kept when named (namedSql: a value inside one would make compileStatement refuse).
 */
export function bindRecord(prefix: string, record: Readonly<Record<string, unknown>>): BoundRecord {
  const values: Record<string, unknown> = {};
  // The keys as bound (an SQL value kept): the placeholders are made from them only when the shape
  // is compiled (once), not for every record bound.
  const bound: Array<[string, SQL | null]> = [];
  let shape = `${prefix}(`;
  for (const key in record) {
    const value = record[key];
    if (value === undefined) continue;
    if (is(value, SQL)) {
      const name = constants.get(value);
      if (name === undefined) throw new Error(`${prefix}.${key}: an SQL value of a bound record must be a namedSql constant`);
      bound.push([key, value]);
      shape += `${key}=${name},`;
    } else {
      bound.push([key, null]);
      values[`${prefix}.${key}`] = value;
      shape += `${key},`;
    }
  }
  let binds: Record<string, unknown> | undefined;
  return {
    get binds() {
      binds ??= Object.fromEntries(bound.map(([key, expression]) => [key, expression ?? sql.placeholder(`${prefix}.${key}`)]));
      return binds;
    },
    values,
    shape: `${shape})`,
  };
}

/** The type a value of `column` is cast to in a select list (a serial column holds an integer). */
function castOf(column: Column): SQL {
  const type = column.getSQLType();
  return sql.raw(type === 'serial' ? 'integer' : type === 'bigserial' ? 'bigint' : type);
}

/**
 * `insert into <table> (<the record's columns>) select <its values> from <source>`: an insert that
 * writes only if `source` has a row (one row each; a compiled statement's condition, e.g. that an
 * earlier part of it wrote). `record`: bindRecord's binds (each value typed by a cast to its column).
 */
export function insertSelect(table: Table, binds: Readonly<Record<string, unknown>>, source: SQL): SQL {
  const columns: Readonly<Record<string, Column>> = getTableColumns(table);
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, value] of Object.entries(binds)) {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    names.push(sql`${sql.identifier(column.name)}`);
    values.push(is(value, SQL) ? value : sql`${new Param(value, column)}::${castOf(column)}`);
  }
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(values, sql`, `)} from ${source}`;
}

const dialect = new PgDialect();

/** Compiles `statement`, whose every value must be a placeholder. */
export function compileStatement(statement: SQL): CompiledStatement {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const compiled = params.map((param, index) => {
    if (is(param, Placeholder)) return { name: param.name, encode: null };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const encoder = param.encoder;
      return { name: (param.value as Placeholder).name, encode: (value: unknown) => encoder.mapToDriverValue(value) };
    }
    throw new Error(`a compiled statement has a value built into its text (parameter $${index + 1}): use sql.placeholder`);
  });
  // 'c' + 27 base64url characters of SHA-1: inside PostgreSQL's 63-byte identifiers, apart from namedStatements' 'k' names.
  return { name: `c${createHash('sha1').update(text).digest('base64url')}`, text, params: compiled };
}

/**
 * The parameter values of `statement` from `values` by placeholder name; a missing one is a bug,
 * null stays null. `over`: more values, taking precedence over `values` (as if spread after them,
 * without copying either).
 */
export function valuesOf(statement: CompiledStatement, values: Readonly<Record<string, unknown>>, over: Readonly<Record<string, unknown>> = NO_VALUES): unknown[] {
  return statement.params.map(({ name, encode }) => {
    const value = over[name] !== undefined ? over[name] : values[name];
    if (value === undefined) throw new Error(`no value for placeholder "${name}"`);
    return value === null || encode === null ? value : encode(value);
  });
}

const NO_VALUES: Readonly<Record<string, unknown>> = Object.freeze({});

/** Runs a compiled statement on `db` (a transaction too) and answers its rows, as the driver gives them; `over` as in valuesOf. */
export async function runCompiled<T>(
  db: Database,
  statement: CompiledStatement,
  values: Readonly<Record<string, unknown>>,
  over: Readonly<Record<string, unknown>> = NO_VALUES,
): Promise<T[]> {
  const query = db._.session.prepareQuery({ sql: statement.text, params: valuesOf(statement, values, over) }, undefined, statement.name, false);
  return rowsOf<T>(await query.execute());
}

/** Compiles each shape once: `build(key)` runs on the first request of a shape, later ones reuse its text. */
export function compiledByShape<K extends string>(build: (shape: K) => SQL): (shape: K) => CompiledStatement {
  const compiled = new Map<K, CompiledStatement>();
  return (shape) => {
    let statement = compiled.get(shape);
    if (!statement) {
      statement = compileStatement(build(shape));
      compiled.set(shape, statement);
    }
    return statement;
  };
}
