/**
 * @module compiled-statement — a statement Kysely builds and compiles once, then runs with new
 * values. Issue 18: building and compiling the password login's statements (immutable operation
 * nodes, frozen, visited) cost about as much main-thread CPU as PGlite running them.
 */
import {
  type Compilable,
  CompiledQuery,
  type Dialect,
  type Driver,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCreator,
  sql,
} from 'kysely';
import type { Database, DbExecutor } from './database.js';

/** Stands for a value the statement takes on each run; Kysely keeps it as a parameter. */
class Placeholder {
  constructor(readonly name: string) {}
}

/**
 * PostgreSQL's compiler over `driver`, which by default runs nothing: for building and compiling
 * statements without a database (both dialects compile PostgreSQL, the same way).
 */
export function compilingDialect(driver: Driver = new DummyDriver()): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/** Builds and compiles only. */
const builder = new Kysely<Database>({ dialect: compilingDialect() });

/** A compiled statement, run with one value per name. */
export interface CompiledStatement<Names extends string, Row> {
  execute(executor: DbExecutor, values: Readonly<Record<Names, unknown>>): Promise<Row[]>;
}

/**
 * `build` gets a query creator and one placeholder per name, to use where the values go (typed
 * `never`, so a placeholder fits any column). The SQL and the constants in it are compiled on the
 * first run; each run passes its values as the parameters of that same text, so what runs is
 * exactly what Kysely would have built. An executor without plugins (production's) gets the
 * compiled text as it is; one with plugins (the tests' statement recorder, fault injection) gets
 * it as a raw statement, which its plugins see and may transform. Anything that changes the SQL's
 * shape (an `in` list, `sql.lit`, a branch) must be fixed per statement: make one statement per
 * shape.
 */
export function compiledStatement<Names extends string, Row>(
  names: readonly Names[],
  build: (db: QueryCreator<Database>, values: Readonly<Record<Names, never>>) => Compilable<Row>,
): CompiledStatement<Names, Row> {
  let template: { sql: string; strings: TemplateStringsArray; parameters: readonly unknown[] } | undefined;
  const compile = () => {
    const placeholders = Object.fromEntries(names.map((name) => [name, new Placeholder(name)]));
    const compiled = build(builder, placeholders as Record<Names, never>).compile();
    // The PostgreSQL compiler numbers every parameter once, in order: $1, $2, …
    const fragments = compiled.sql.split(/\$\d+\b/);
    if (fragments.length !== compiled.parameters.length + 1)
      throw new Error(`compiledStatement: cannot split its SQL at its parameters: ${compiled.sql}`);
    return {
      sql: compiled.sql,
      strings: Object.assign(fragments, { raw: fragments }) as TemplateStringsArray,
      parameters: compiled.parameters,
    };
  };
  return {
    async execute(executor, values) {
      template ??= compile();
      const parameters = template.parameters.map((parameter) =>
        parameter instanceof Placeholder ? values[parameter.name as Names] : parameter,
      );
      // Without plugins there is nothing to see the statement as a node: skip building one and
      // compiling it again (a session check's share of CPU, issue 18).
      const { rows } =
        executor.getExecutor().plugins.length === 0
          ? await executor.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters as unknown[]))
          : await sql<Row>(template.strings, ...parameters).execute(executor);
      return rows;
    },
  };
}

/**
 * Compiled statements of one query whose SQL changes with a few settings (literals, branches):
 * `compile(shape)` runs once per distinct `keyOf(shape)`, when that shape is first needed.
 */
export function compiledPerShape<Shape, Statement>(
  keyOf: (shape: Shape) => string,
  compile: (shape: Shape) => Statement,
): (shape: Shape) => Statement {
  const statements = new Map<string, Statement>();
  return (shape) => {
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (!statement) {
      statement = compile(shape);
      statements.set(key, statement);
    }
    return statement;
  };
}
