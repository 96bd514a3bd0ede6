import type { Db } from './client.ts';

/**
 * A query of a hot path, built once per database instead of once per call: building SQL with the
 * query builder cost about as much as running the query, and on PostgreSQL a named statement is
 * also parsed and planned once per connection. Values are passed as `sql.placeholder(…)`.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
