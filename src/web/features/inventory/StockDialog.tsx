import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { fieldErrors } from "#contract/common";
import { PRODUCT_LIMITS, productAdjustment } from "#contract/products";
import { parseScaled } from "#domain/decimal";
import { ApiError, call, resourceKey } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Spinner } from "#web/components/ui/card";
import { Field, Input } from "#web/components/ui/input";
import { Dialog } from "#web/components/ui/lazy-dialog";
import { movementsQuery, type Product, quantityLabel, REASON_LABELS } from "./api";

type Direction = "add" | "remove";

/** Adjusts a product's stock with a reason, and shows its movement history. */
export function StockDialog({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: Product | null;
}) {
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<Direction>("add");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const history = useQuery({ ...movementsQuery(product?.id ?? ""), enabled: open && Boolean(product) });

  useEffect(() => {
    if (open) {
      setDirection("add");
      setAmount("");
      setNote("");
      setErrors({});
    }
  }, [open]);

  const adjust = useMutation({
    mutationFn: (body: { change: string; note: string }) =>
      call("POST /api/products/:id/stock-adjustments", { params: { id: product!.id }, body }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: resourceKey("products") });
      toast.success("Stock Adjusted", {
        description: `${result.product.name}: ${quantityLabel(result.product)} now in stock.`,
      });
      setAmount("");
      setNote("");
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error("Could not adjust stock", { description: (error as Error).message });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { change: `${direction === "remove" ? "-" : ""}${amount.trim()}`, note: note.trim() };
    const parsed = productAdjustment.safeParse(body);
    const e = parsed.success ? {} : fieldErrors(parsed.error);
    // The direction is chosen apart from the quantity, so the quantity itself must be above 0.
    const units = parseScaled(amount.trim(), 3);
    if (units === null || units <= 0) e.change = "Enter a quantity above 0 with at most 3 decimals.";
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    adjust.mutate(body);
  }

  if (!product) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Adjust stock: ${product.name}`}
      description={
        <>
          In stock now: <strong className="text-foreground">{quantityLabel(product)}</strong>
        </>
      }
      className="sm:max-w-xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Change</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["add", "remove"] as const).map((d) => (
              <label
                key={d}
                className={clsx(
                  "flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm",
                  direction === d ? "border-primary bg-muted font-medium" : "border-border",
                )}
              >
                <input
                  type="radio"
                  name="direction"
                  value={d}
                  className="h-4 w-4 accent-[var(--primary)]"
                  checked={direction === d}
                  onChange={() => setDirection(d)}
                />
                {d === "add" ? "Add to stock" : "Take out of stock"}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <Field label={`Quantity${product.unit ? ` (${product.unit})` : ""}`} error={errors.change}>
            {(p) => (
              <Input
                {...p}
                inputMode="decimal"
                autoComplete="off"
                maxLength={20}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </Field>
          <Field label="Reason" error={errors.note}>
            {(p) => (
              <Input
                {...p}
                maxLength={PRODUCT_LIMITS.adjustmentNote}
                placeholder="New delivery, damaged, stock count..."
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={adjust.isPending}>
            Save Adjustment
          </Button>
        </div>
      </form>

      <section aria-labelledby="history-heading" className="mt-6">
        <h3 id="history-heading" className="mb-2 text-sm font-semibold">
          Stock history
        </h3>
        {history.isPending ? (
          <Spinner label="Loading history..." />
        ) : history.isError ? (
          <p className="text-sm text-destructive">
            Could not load the history: {(history.error as Error).message}
          </p>
        ) : history.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No stock movements yet.</p>
        ) : (
          <ol className="max-h-64 divide-y divide-border overflow-y-auto rounded-md border border-border">
            {history.data.items.map((m) => (
              <li key={m.id} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">
                    {REASON_LABELS[m.reason] ?? m.reason}
                    {m.invoiceNumber ? ` · ${m.invoiceNumber}` : ""}
                  </p>
                  {m.note && <p className="break-words text-muted-foreground">{m.note}</p>}
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString("en-IN")}</time>
                  </p>
                </div>
                <div className="shrink-0 text-right tabular-nums">
                  <p className={m.change.startsWith("-") ? "text-destructive" : "text-success"}>
                    {m.change.startsWith("-") ? m.change.replace("-", "−") : `+${m.change}`}
                  </p>
                  <p className="text-xs text-muted-foreground">→ {m.quantityAfter}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Dialog>
  );
}
