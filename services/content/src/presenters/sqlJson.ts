/** A timestamptz column as `Date#toISOString` writes it: UTC, milliseconds, `Z` (for presenters written in SQL). */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
