import type { PageCount } from "#contract/common";

/** A list page as the contract's `page(...)` answers it: the items presented, the capped count. */
export function presentPage<Row, Item>(
  list: { rows: Row[]; nextCursor?: string | null } & PageCount,
  at: { page: number; pageSize: number },
  present: (row: Row) => Item,
) {
  return {
    items: list.rows.map(present),
    total: list.total,
    totalIsExact: list.totalIsExact,
    hasMore: list.hasMore,
    page: at.page,
    pageSize: at.pageSize,
    nextCursor: list.nextCursor ?? null,
  };
}
