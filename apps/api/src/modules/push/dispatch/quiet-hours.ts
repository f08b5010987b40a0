import type { SystemSettings } from '@pult/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * When a delivery due at `due` may go out, given the settings' quiet hours, in SQL: a time that falls
 * from `start` to `end` on the recipient's clock (`zone`, an SQL expression naming an IANA zone) moves
 * to the next `end` on that clock; any other time stays. The window may cross midnight (22:00–09:00);
 * an empty window (start = end) holds nothing back. Daylight-saving jumps are PostgreSQL's: the wall
 * time is converted back with `AT TIME ZONE`, as everywhere else.
 */
export function afterQuietHours(due: SQL, zone: SQL, quiet: SystemSettings['pushQuietHours']): SQL {
  if (!quiet.enabled || quiet.start === quiet.end) return due;
  const local = sql`(${due} AT TIME ZONE ${zone})`;
  const clock = sql`${local}::time`;
  const start = sql`${quiet.start}::time`;
  const end = sql`${quiet.end}::time`;
  const inside =
    quiet.start < quiet.end
      ? sql`(${clock} >= ${start} AND ${clock} < ${end})`
      : sql`(${clock} >= ${start} OR ${clock} < ${end})`;
  // Before `end` the same day's `end`, else (late evening of a window crossing midnight) the next day's.
  const nextEnd = sql`(((${local}::date + CASE WHEN ${clock} < ${end} THEN 0 ELSE 1 END) + ${end}) AT TIME ZONE ${zone})`;
  return sql`CASE WHEN ${inside} THEN ${nextEnd} ELSE ${due} END`;
}
