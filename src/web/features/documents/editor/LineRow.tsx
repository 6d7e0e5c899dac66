import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { memo, useEffect, useRef, useState } from "react";
import { formatMoney } from "#domain/format";
import { uqcOfLine } from "#domain/gst-hsn-summary";
import { UQC_CODES, UQC_DESCRIPTIONS } from "#domain/gst-uqc";
import type { InvoiceItem } from "#domain/invoice";
import { PRODUCT_LIMITS } from "#domain/limits";
import type { LineField } from "#domain/totals";
import { IconButton } from "#web/components/ui/button";
import { Field, Input, Select } from "#web/components/ui/input";
import { formatQuantity } from "../format";
import { productSearchQuery } from "../queries";
import type { SavedProduct } from "../types";
import { Combobox } from "./Combobox";
import { type EditorAction, lineFromProduct } from "./draft";
import { usePickerSearch } from "./usePickerSearch";

/** A line at 0 % (or with no rate typed yet). */
const isZeroRate = (taxPercent: string) => taxPercent.trim() === "" || Number(taxPercent) === 0;

export interface LineStock {
  /** What is left in stock for this line's product, counting what this invoice already holds. */
  left: number;
  unit: string;
  /** True when all lines of this product together ask for more than is left. */
  short: boolean;
}

const NUMBER_FIELDS: [LineField, string][] = [
  ["quantity", "Quantity"],
  ["rate", "Rate"],
  ["discountPercent", "Discount %"],
  ["taxPercent", "Tax %"],
];

function ProductOption({ p, currency }: { p: SavedProduct; currency: string }) {
  const stock =
    p.availableQuantity === null || p.availableQuantity === undefined
      ? "Not stock-tracked"
      : `${formatQuantity(String(p.availableQuantity))} ${p.unit ?? ""} in stock`.trim();
  return (
    <span className="flex items-baseline justify-between gap-3">
      <span className="min-w-0 truncate font-medium">{p.name}</span>
      <span className="shrink-0 text-xs text-muted-foreground">
        {p.rate} {currency} · {stock}
      </span>
    </span>
  );
}

/** One invoice line. Memoised: typing in one line re-renders that line only. */
export const LineRow = memo(function LineRow({
  item,
  index,
  count,
  currency,
  amountMinor,
  problemField,
  problemMessage,
  errors,
  stockLeft,
  stockUnit,
  stockShort,
  focusRequest,
  gstUnits,
  dispatch,
  onProductPicked,
  onMove,
  onRemove,
}: {
  item: InvoiceItem;
  index: number;
  count: number;
  currency: string;
  amountMinor: number | null;
  problemField: LineField | null;
  problemMessage: string | null;
  errors: Record<string, string>;
  /** Primitives, not an object, so the memo holds while other lines change. */
  stockLeft: number | null;
  stockUnit: string;
  stockShort: boolean;
  /** "name", "up" or "down" plus a counter ("up:3"): which control to focus after an add or a move. */
  focusRequest: string | null;
  /** A GST-registered account: the line's unit quantity code (UQC) can be chosen. */
  gstUnits: boolean;
  dispatch: (action: EditorAction) => void;
  onProductPicked: (product: SavedProduct) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onRemove: (id: string) => void;
}) {
  const stock: LineStock | null =
    stockLeft === null ? null : { left: stockLeft, unit: stockUnit, short: stockShort };
  const nameRef = useRef<HTMLInputElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { results: products, search } = usePickerSearch(productSearchQuery, item.name, open);
  useEffect(() => {
    const target = focusRequest?.split(":")[0];
    if (target === "name") nameRef.current?.focus();
    // A line moved to the top or bottom loses that button; the other one takes focus.
    if (target === "up") (upRef.current?.disabled ? downRef : upRef).current?.focus();
    if (target === "down") (downRef.current?.disabled ? upRef : downRef).current?.focus();
  }, [focusRequest]);

  const set = (patch: Partial<InvoiceItem>) => {
    dispatch({ type: "item", id: item.id, patch });
  };
  const errorFor = (field: string) =>
    errors[`items.${index}.${field}`] ?? (problemField === field ? problemMessage : null);
  const n = index + 1;
  const numberField = ([field, label]: [LineField, string]) => (
    <Field key={field} label={label} error={errorFor(field)}>
      {(p) => (
        <Input
          {...p}
          inputMode="decimal"
          value={item[field]}
          onChange={(e) => set({ [field]: e.target.value })}
        />
      )}
    </Field>
  );
  const textField = (field: "hsnSac" | "unit", label: string) => (
    <Field label={label} error={errors[`items.${index}.${field}`]}>
      {(p) => (
        <Input
          {...p}
          value={item[field]}
          maxLength={PRODUCT_LIMITS[field]}
          onChange={(e) => set({ [field]: e.target.value })}
        />
      )}
    </Field>
  );

  return (
    <li className="rounded-md border border-border p-3" aria-label={`Item ${n}`} data-testid="line-item">
      <div className="flex items-start gap-2">
        <span className="mt-8 w-6 shrink-0 text-sm text-muted-foreground" aria-hidden="true">
          {n}.
        </span>
        <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-[1fr_8rem]">
          <Field label={`Item ${n} name`} error={errors[`items.${index}.name`]}>
            {(p) => (
              <Combobox
                value={item.name}
                onValueChange={(name) => set({ name, productId: null })}
                onOpenChange={setOpen}
                options={products.data?.items ?? []}
                loading={products.isFetching}
                emptyText={search ? "No inventory item matches; the line is typed in." : undefined}
                getKey={(p) => p.id}
                renderOption={(p) => <ProductOption p={p} currency={currency} />}
                onSelect={(p) => {
                  onProductPicked(p);
                  set(lineFromProduct(p));
                }}
                inputProps={{ ...p, ref: nameRef, placeholder: "Search inventory or type an item" }}
              />
            )}
          </Field>
          {textField("hsnSac", "HSN/SAC")}
        </div>
      </div>
      {/* The Rate box is twice as wide as the others: "45000.00" fits in it beside the preview. */}
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_2fr_1fr_1fr] sm:pl-8">
        {NUMBER_FIELDS.slice(0, 1).map(numberField)}
        {textField("unit", "Unit")}
        {NUMBER_FIELDS.slice(1).map(numberField)}
      </div>
      {gstUnits && (
        <div className="mt-3 grid gap-3 sm:grid-cols-[20rem_20rem] sm:pl-8">
          <Field label={`Item ${n} GST unit (UQC)`} error={errors[`items.${index}.uqc`]}>
            {(p) => (
              <Select
                {...p}
                value={item.uqc ?? ""}
                onChange={(e) => set({ uqc: e.target.value as InvoiceItem["uqc"] })}
              >
                <option value="">Automatic: {uqcOfLine({ ...item, uqc: "" })}, from the unit</option>
                {UQC_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}: {UQC_DESCRIPTIONS[code]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {isZeroRate(item.taxPercent) && (
            // GSTR-1 Table 8 reports a 0 % line as nil-rated, exempt or non-GST (decision 0082).
            <Field label={`Item ${n} 0 % supply`} error={errors[`items.${index}.gstTreatment`]}>
              {(p) => (
                <Select
                  {...p}
                  value={item.gstTreatment ?? "nil_rated"}
                  onChange={(e) => set({ gstTreatment: e.target.value as InvoiceItem["gstTreatment"] })}
                >
                  <option value="nil_rated">Nil-rated</option>
                  <option value="exempt">Exempt</option>
                  <option value="non_gst">Non-GST</option>
                </Select>
              )}
            </Field>
          )}
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 sm:pl-8">
        <div className="min-w-0 text-sm">
          {stock &&
            (stock.short ? (
              <p className="font-medium text-warning" role="status">
                Only {formatQuantity(String(stock.left))} {stock.unit} left in stock.
              </p>
            ) : (
              <p className="text-muted-foreground">
                {formatQuantity(String(stock.left))} {stock.unit} left in stock
              </p>
            ))}
        </div>
        <div className="flex items-center gap-1">
          <span className="mr-2 text-sm font-semibold tabular-nums" data-testid="line-amount">
            {amountMinor === null ? "—" : formatMoney(amountMinor, currency)}
          </span>
          <IconButton
            ref={upRef}
            label={`Move item ${n} up`}
            icon={ArrowUp}
            disabled={index === 0}
            onClick={() => onMove(item.id, -1)}
          />
          <IconButton
            ref={downRef}
            label={`Move item ${n} down`}
            icon={ArrowDown}
            disabled={index === count - 1}
            onClick={() => onMove(item.id, 1)}
          />
          <IconButton
            label={`Remove item ${n}`}
            icon={Trash2}
            iconClassName="h-4 w-4 text-destructive"
            onClick={() => onRemove(item.id)}
          />
        </div>
      </div>
    </li>
  );
});
