import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TimeKey } from '../lib/cursor.ts';

/** A timestamp column as exact UTC text (microseconds), for keyset cursors. */
export function exactTime(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
}

/** Rows after `key` in an order by (time desc, key desc). */
export function beforeTimeKey(time: AnyColumn, keyColumn: AnyColumn, key: TimeKey): SQL {
  return sql`(${time}, ${keyColumn}) < (${key.at}::timestamp at time zone 'UTC', ${key.key})`;
}
