// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EditorAction } from "#web/features/documents/editor/draft";
import { useSequentialNumber } from "./useSequentialNumber";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's preview: the next number of the asked date's financial year. */
const NEXT: Record<string, string> = {
  "2027-03-31": "INV/2026-27/0003",
  "2027-04-01": "INV/2027-28/0001",
};

function setUp(numberEdited = false) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const date = new URL(url, "http://localhost").searchParams.get("invoiceDate") ?? "";
      asked.push(date);
      const body = { scheme: "sequential", invoiceNumber: NEXT[date] ?? "INV/1999-00/0001" };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const dispatch = vi.fn<(action: EditorAction) => void>();
  const hook = renderHook(
    (props: { invoiceDate: string; invoiceNumber: string }) =>
      useSequentialNumber({ active: true, numberEdited: { current: numberEdited }, dispatch, ...props }),
    { wrapper, initialProps: { invoiceDate: "2027-03-31", invoiceNumber: "INV/2026-27/0003" } },
  );
  return { asked, dispatch, hook };
}

describe("the editor's sequential number", () => {
  it("asks for the number of the date the user picked and shows it", async () => {
    const { asked, dispatch, hook } = setUp();
    await waitFor(() => expect(asked).toEqual(["2027-03-31"]));
    expect(dispatch).not.toHaveBeenCalled();

    hook.rerender({ invoiceDate: "2027-04-01", invoiceNumber: "INV/2026-27/0003" });
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith({ type: "set", patch: { invoiceNumber: "INV/2027-28/0001" } }),
    );
    expect(asked).toEqual(["2027-03-31", "2027-04-01"]);
  });

  it("keeps a number the user typed, and asks nothing for a date being typed", async () => {
    const { asked, dispatch, hook } = setUp(true);
    hook.rerender({ invoiceDate: "2027-04-01", invoiceNumber: "MY-7" });
    await waitFor(() => expect(asked).toEqual(["2027-03-31", "2027-04-01"]));
    hook.rerender({ invoiceDate: "", invoiceNumber: "MY-7" });
    expect(dispatch).not.toHaveBeenCalled();
    expect(asked).toEqual(["2027-03-31", "2027-04-01"]);
  });
});
