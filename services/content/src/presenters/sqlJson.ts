/** A timestamptz column as `Date#toISOString` writes it: UTC, milliseconds, `Z` (for presenters written in SQL). */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `json_build_object` of the API's fields, each written from its SQL expression (for presenters written in SQL). */
export const jsonObjectSql = (fields: readonly (readonly [field: string, sql: string])[]) =>
  `json_build_object(${fields.map(([field, sql]) => `'${field}', ${sql}`).join(', ')})`;

/**
 * Rows of JSON text written by Postgres, in their order, as one JSON array. Lists are read as a row per item
 * under an ORDER BY, not as `json_agg(... ORDER BY ...)`: Postgres 15 sorts an ordered aggregate's input
 * again, and that aggregate cost about four times the rest of a news page's statement.
 */
export const jsonArrayOf = (rows: readonly { json: string }[]): string => `[${rows.map((r) => r.json).join(',')}]`;
