import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import type { KindDoc, WebKind } from "./api";
import { WEB_KINDS } from "./kinds";

/** What a status move tells the user once done. */
export const MOVED = {
  issued: "Challan issued: its goods left your stock",
  sent: "Marked as sent",
  returned: "Challan returned: its goods are back in stock",
  cancelled: "Challan cancelled: its goods are back in stock",
} as const;

/** Before cancelling a challan (its goods come back) or deleting a draft: what follows, in words. */
export function KindConfirmDialog({
  kind,
  saved,
  confirm,
  busy,
  onClose,
  onConfirm,
}: {
  kind: WebKind;
  saved: KindDoc | null;
  confirm: "delete" | "cancelled" | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { one, noun } = WEB_KINDS[kind];
  const number = saved?.number ?? "";
  const cancelling = confirm === "cancelled";
  return (
    <ConfirmDialog
      open={confirm !== null}
      onOpenChange={(open) => !open && onClose()}
      title={cancelling ? "Cancel this challan?" : `Delete this ${noun}?`}
      description={
        cancelling
          ? `Its goods come back into stock. Challan ${number} keeps its number in the series (Rule 55), marked cancelled.`
          : `${one} ${number} will be deleted for good, and its link stops working.`
      }
      confirmLabel={cancelling ? "Cancel challan" : `Delete ${noun}`}
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
