import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Cursor, SortKind, SortValue } from '../../db/keyset';

/** How a list orders and pages by one sort: its column, cursor kind and a row's cursor. */
export interface KeysetSort<Row> {
  column: AnyPgColumn;
  kind: SortKind;
  cursorOf: (row: Row) => Cursor;
}

/**
 * A post list's sorts, each named by the row field it orders by (`recent: 'createdAt'`,
 * `upvotes: 'totalUpvotes'`…). The cursor kind follows the column's type (a timestamp pages by
 * date, an integer counter by count), so a sort's column, cursor and decoding cannot disagree.
 */
export function keysetSorts<
  T extends PgTable,
  Sort extends string,
  Row extends InferSelectModel<T> & { id: string } = InferSelectModel<T> & { id: string },
>(table: T, fields: Record<Sort, keyof InferSelectModel<T> & string>) {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  return (sort: Sort): KeysetSort<Row> => {
    const field = fields[sort];
    const column = columns[field]!;
    return {
      column,
      kind: column.dataType === 'date' ? 'date' : 'count',
      cursorOf: (row) => ({ value: row[field] as SortValue, id: row.id }),
    };
  };
}
