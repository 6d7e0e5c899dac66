import type { InvoiceTemplate } from "#domain/settings";

/** The templates' names in the editor's options (what each looks like is the page model's). */
export const TEMPLATE_LABELS: Record<InvoiceTemplate, string> = {
  classic: "Classic",
  modern: "Modern",
  minimal: "Minimal",
};
