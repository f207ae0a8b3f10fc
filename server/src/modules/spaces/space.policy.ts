import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/sessions';
import { spaces } from '../../db/schema';

/**
 * SQL condition: the space in `spaceIdColumn` may be read by the viewer. Only public spaces exist
 * so far; private spaces add their participants here, and every list and get follows.
 */
export function spaceReadableBy(_viewer: Viewer | null, spaceIdColumn: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${spaces} where ${and(eq(spaces.id, spaceIdColumn), eq(spaces.isPrivate, false))})`;
}
