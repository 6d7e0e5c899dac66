// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDebounced } from "#web/lib/useDebounced";
import { Pager } from "./list-controls";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const exact = (total: number) => ({ total, totalIsExact: true, hasMore: false });
/** A count stopped at its limit: `total` rows at least, and whether more follow this page. */
const atLeast = (total: number, hasMore: boolean) => ({ total, totalIsExact: false, hasMore });

/** The pager on `page` of 20 rows a page; `count` a number is an exact total. */
function showPager(page: number, count: number | ReturnType<typeof exact>) {
  const onPage = vi.fn();
  render(
    <Pager
      page={page}
      pageSize={20}
      count={typeof count === "number" ? exact(count) : count}
      onPage={onPage}
    />,
  );
  return onPage;
}
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("the pager", () => {
  it("shows which rows are on screen, with Indian digit grouping", () => {
    showPager(2, 123456);
    expect(screen.getByRole("navigation", { name: "Pages" }).textContent).toContain("21–40 of 1,23,456");
  });

  it("goes back and forward a page", () => {
    const onPage = showPager(3, 100);
    fireEvent.click(button("Previous"));
    fireEvent.click(button("Next"));
    expect(onPage.mock.calls).toEqual([[2], [4]]);
  });

  it("cannot go before the first page or past the last, which may be short", () => {
    showPager(1, 45);
    expect(button("Previous").disabled).toBe(true);
    expect(button("Next").disabled).toBe(false);
    cleanup();
    showPager(3, 45);
    expect(screen.getByRole("navigation").textContent).toContain("41–45 of 45");
    expect(button("Next").disabled).toBe(true);
  });

  it("is not shown when everything fits on one page", () => {
    showPager(1, 20);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("stays on a page left empty by deletions, so the person can go back", () => {
    showPager(4, 60);
    expect(button("Previous").disabled).toBe(false);
    expect(button("Next").disabled).toBe(true);
  });

  it("beyond the count's limit shows 1,000+ and goes on while rows follow", () => {
    const onPage = showPager(1, atLeast(1000, true));
    expect(screen.getByRole("navigation").textContent).toContain("1–20 of 1,000+");
    fireEvent.click(button("Next"));
    expect(onPage.mock.calls).toEqual([[2]]);
    cleanup();
    showPager(60, atLeast(1200, true));
    expect(screen.getByRole("navigation").textContent).toContain("1,181–1,200 of 1,200+");
    expect(button("Next").disabled).toBe(false);
  });

  it("beyond the count's limit stops at a page no rows follow", () => {
    showPager(3, atLeast(1000, false));
    expect(button("Next").disabled).toBe(true);
    expect(button("Previous").disabled).toBe(false);
  });

  it("holds both buttons while a page loads", () => {
    const onPage = vi.fn();
    render(<Pager page={2} pageSize={20} count={exact(100)} onPage={onPage} busy />);
    expect(button("Previous").disabled).toBe(true);
    expect(button("Next").disabled).toBe(true);
  });
});

describe("a search box's settled value", () => {
  it("follows the typing only once it pauses", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 250), {
      initialProps: { value: "" },
    });
    rerender({ value: "As" });
    act(() => void vi.advanceTimersByTime(200));
    rerender({ value: "Asha" });
    act(() => void vi.advanceTimersByTime(200));
    expect(result.current).toBe("");
    act(() => void vi.advanceTimersByTime(50));
    expect(result.current).toBe("Asha");
  });
});
