import type { PageCount } from "#contract/common";

// Lists count their rows only up to a limit (docs/decisions/0018-list-paging.md): past it the
// answer says "more than `total`" and whether rows follow the page.

/** How many rows a list holds as people read it: "1,23,456", or "1,000+" when counted only that far. */
export function countText(count: PageCount): string {
  return `${count.total.toLocaleString("en-IN")}${count.totalIsExact ? "" : "+"}`;
}

/** The count with its noun: "1 quote", "2 quotes", "1,000+ quotes". */
export function countOf(count: PageCount, one: string, many: string): string {
  return `${countText(count)} ${count.totalIsExact && count.total === 1 ? one : many}`;
}

/** The number of pages, when the list was counted to its end. */
export function pageTotal(count: PageCount, pageSize: number): number | null {
  return count.totalIsExact ? Math.max(1, Math.ceil(count.total / pageSize)) : null;
}

/** Whether `page` is the list's last: by the exact total, else by whether rows follow it. */
export function isLastPage(count: PageCount, page: number, pageSize: number): boolean {
  const pages = pageTotal(count, pageSize);
  return pages === null ? !count.hasMore : page >= pages;
}
