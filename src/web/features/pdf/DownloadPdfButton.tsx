import { Download } from "lucide-react";
import { Button, type ButtonProps } from "#web/components/ui/button";
import { useDownloadPdf } from "./useDownloadPdf";

/**
 * Downloads the invoice's PDF for one credit. At zero credits the top-up dialog opens instead
 * (or `onOutOfCredits`, when given).
 */
export function DownloadPdfButton({
  invoice,
  onOutOfCredits,
  label = "Download PDF",
  iconOnly = false,
  ...buttonProps
}: {
  /** `pdfUrl`: another document's PDF (a quote's), for the same one credit. */
  invoice: { id: string; invoiceNumber: string; pdfUrl?: string };
  onOutOfCredits?: () => void;
  label?: string;
  iconOnly?: boolean;
} & Omit<ButtonProps, "onClick" | "busy" | "children">) {
  const { download, downloadingId } = useDownloadPdf({ onOutOfCredits });
  const busy = downloadingId === invoice.id;
  return (
    <Button
      variant="outline"
      size={iconOnly ? "icon" : "md"}
      {...buttonProps}
      busy={busy}
      onClick={() => void download(invoice)}
      aria-label={iconOnly ? `${label} of invoice ${invoice.invoiceNumber}` : undefined}
      title={iconOnly ? label : buttonProps.title}
    >
      {!busy && <Download className="h-4 w-4" aria-hidden="true" />}
      {iconOnly ? null : busy ? "Preparing PDF…" : label}
    </Button>
  );
}
