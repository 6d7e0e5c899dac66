import { parseScaled } from "./decimal";
import { DomainError } from "./errors";
import type { StoredStatus } from "./status";

// DECISIONS §6: an invoice takes its items out of stock while it is due or paid, and gives them
// back when it returns to draft, is cancelled or deleted. Quantities are integers in thousandths,
// the same three decimals an invoice line allows, so repeated edits never drift.

export const QUANTITY_SCALE = 1000;
const QUANTITY_DECIMALS = 3;

export interface StockLine {
  productId: string | null;
  quantity: number | string;
}

export interface StockState {
  status: StoredStatus;
  lines: StockLine[];
}

export function toQuantityUnits(q: number | string): number {
  const units = parseScaled(q, QUANTITY_DECIMALS);
  if (units === null) {
    throw new DomainError(
      "INVALID_QUANTITY",
      "Quantity must be a number with at most 3 decimals.",
      "quantity",
    );
  }
  return units;
}

/** For display and forms only; stored and compared quantities stay in units. */
export function fromQuantityUnits(u: number): number {
  return u / QUANTITY_SCALE;
}

/** Whether an invoice in this status holds its items out of stock (issued: due or paid). */
export function holdsStock(status: StoredStatus): boolean {
  return status === "due" || status === "paid";
}

/** What an invoice in this status holds out of stock, per product, in quantity units. */
export function committedQuantities(status: StoredStatus, lines: StockLine[]): Map<string, number> {
  const held = new Map<string, number>();
  if (!holdsStock(status)) return held;
  for (const line of lines) {
    if (line.productId === null) continue;
    const total = (held.get(line.productId) ?? 0) + toQuantityUnits(line.quantity);
    if (!Number.isSafeInteger(total))
      throw new DomainError("INVALID_QUANTITY", "Quantity is too large.", "quantity");
    held.set(line.productId, total);
  }
  return held;
}

/**
 * The change to each product's available quantity when an invoice goes from `before` to `after`
 * (null: it does not exist, i.e. create or delete). Negative takes out of stock. Products whose
 * holding does not change are left out, so an edit moves only the difference.
 */
export function stockDelta(before: StockState | null, after: StockState | null): Map<string, number> {
  const heldBefore = before ? committedQuantities(before.status, before.lines) : new Map<string, number>();
  const heldAfter = after ? committedQuantities(after.status, after.lines) : new Map<string, number>();
  const delta = new Map<string, number>();
  for (const productId of new Set([...heldBefore.keys(), ...heldAfter.keys()])) {
    const change = (heldBefore.get(productId) ?? 0) - (heldAfter.get(productId) ?? 0);
    if (change !== 0) delta.set(productId, change);
  }
  return delta;
}

/**
 * Several documents' deltas in one change, added per product; products that net to zero are left
 * out (a hand-over between documents that leaves the level where it was moves nothing).
 */
export function addStockDeltas(...deltas: Map<string, number>[]): Map<string, number> {
  const sum = new Map<string, number>();
  for (const delta of deltas)
    for (const [productId, change] of delta) sum.set(productId, (sum.get(productId) ?? 0) + change);
  for (const [productId, change] of sum) if (change === 0) sum.delete(productId);
  return sum;
}

/**
 * An item's stock as it is stored: decimal text with up to 3 decimals. A null quantity is an item
 * that holds no stock (a service, or a product whose stock is not tracked); a null level is an
 * item without a low-stock level.
 */
export interface StockLevel {
  availableQuantity: string | null;
  lowStockLevel: string | null;
}

export type StockStatus = "untracked" | "in_stock" | "low" | "out";

/**
 * The low-stock rule: the item holds stock, has a low-stock level, and has at most that much
 * left (none left included). The dashboard lists these to reorder. The database's copy of this
 * rule is server/db/queries/stock.ts (`lowStockSql`); a test holds the two together.
 */
export function isLowStock(item: StockLevel): boolean {
  if (item.availableQuantity === null || item.lowStockLevel === null) return false;
  return toQuantityUnits(item.availableQuantity) <= toQuantityUnits(item.lowStockLevel);
}

/** Holds stock and has none left (or less, when selling beyond stock is allowed). */
export function isOutOfStock(item: StockLevel): boolean {
  return item.availableQuantity !== null && toQuantityUnits(item.availableQuantity) <= 0;
}

/** The inventory's one status per item: out of stock comes before low. */
export function stockStatus(item: StockLevel): StockStatus {
  if (item.availableQuantity === null) return "untracked";
  if (isOutOfStock(item)) return "out";
  return isLowStock(item) ? "low" : "in_stock";
}
