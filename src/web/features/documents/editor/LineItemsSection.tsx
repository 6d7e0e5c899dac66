import { Plus } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { parseScaled } from "#domain/decimal";
import type { InvoiceItem } from "#domain/invoice";
import { Button } from "#web/components/ui/button";
import type { SavedProduct } from "../types";
import type { EditorAction } from "./draft";
import { LineRow, type LineStock } from "./LineRow";
import type { PreviewResult } from "./preview-document";

export interface ProductStock {
  /** Left in stock now, in thousandths; null when the product is not stock-tracked. */
  availableMilli: number | null;
  unit: string;
}

const milli = (v: string | number | null | undefined) =>
  v === null || v === undefined ? null : parseScaled(v, 3);

export function stockFromProduct(p: SavedProduct): ProductStock {
  return { availableMilli: milli(p.availableQuantity), unit: p.unit ?? "" };
}

/** Per line: what is left of its product and whether the lines together ask for more. */
function lineStocks(
  items: InvoiceItem[],
  stock: Record<string, ProductStock>,
  heldMilli: Record<string, number>,
): Record<string, LineStock> {
  const demand: Record<string, number> = {};
  for (const item of items) {
    if (!item.productId) continue;
    demand[item.productId] = (demand[item.productId] ?? 0) + (milli(item.quantity) ?? 0);
  }
  const out: Record<string, LineStock> = {};
  for (const item of items) {
    const s = item.productId ? stock[item.productId] : undefined;
    if (!item.productId || !s || s.availableMilli === null) continue;
    const left = s.availableMilli + (heldMilli[item.productId] ?? 0);
    out[item.id] = { left: left / 1000, unit: s.unit, short: demand[item.productId] > left };
  }
  return out;
}

export function LineItemsSection({
  items,
  currency,
  preview,
  errors,
  stock,
  heldMilli,
  gstUnits = false,
  dispatch,
  onProductPicked,
}: {
  items: InvoiceItem[];
  currency: string;
  preview: PreviewResult;
  errors: Record<string, string>;
  stock: Record<string, ProductStock>;
  heldMilli: Record<string, number>;
  /** A GST-registered account: each line offers its unit quantity code (UQC). */
  gstUnits?: boolean;
  dispatch: (action: EditorAction) => void;
  onProductPicked: (product: SavedProduct) => void;
}) {
  const [focus, setFocus] = useState<{ id: string; request: string } | null>(null);
  const counter = useRef(0);
  const addRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const request = useCallback((id: string, target: string) => {
    counter.current += 1;
    setFocus({ id, request: `${target}:${counter.current}` });
  }, []);
  const onMove = useCallback(
    (id: string, by: -1 | 1) => {
      dispatch({ type: "moveItem", id, by });
      request(id, by === -1 ? "up" : "down");
    },
    [dispatch, request],
  );
  const onRemove = useCallback(
    (id: string) => {
      const list = itemsRef.current;
      const at = list.findIndex((i) => i.id === id);
      const next = list[at + 1] ?? list[at - 1];
      dispatch({ type: "removeItem", id });
      if (next) request(next.id, "name");
      else addRef.current?.focus();
    },
    [dispatch, request],
  );

  const stocks = lineStocks(items, stock, heldMilli);
  return (
    <section aria-labelledby="items-heading" className="space-y-3">
      <h2 id="items-heading" className="text-base font-semibold">
        Items
      </h2>
      <ol className="space-y-3">
        {items.map((item, index) => {
          const problem = preview.lineProblems[item.id];
          return (
            <LineRow
              key={item.id}
              item={item}
              index={index}
              count={items.length}
              currency={currency}
              amountMinor={preview.lineTotals[item.id]?.amountMinor ?? null}
              problemField={problem?.field ?? null}
              problemMessage={problem?.message ?? null}
              errors={errors}
              stockLeft={stocks[item.id]?.left ?? null}
              stockUnit={stocks[item.id]?.unit ?? ""}
              stockShort={stocks[item.id]?.short ?? false}
              focusRequest={focus?.id === item.id ? focus.request : null}
              gstUnits={gstUnits}
              dispatch={dispatch}
              onProductPicked={onProductPicked}
              onMove={onMove}
              onRemove={onRemove}
            />
          );
        })}
      </ol>
      <Button
        ref={addRef}
        variant="outline"
        onClick={() => {
          const before = itemsRef.current.length;
          dispatch({ type: "addItem" });
          // The new line's id is only known after the render; focus it then.
          requestAnimationFrame(() => {
            const added = itemsRef.current[before];
            if (added) request(added.id, "name");
          });
        }}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add item
      </Button>
    </section>
  );
}
