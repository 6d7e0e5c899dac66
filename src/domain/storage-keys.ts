/** Local storage keys (spec §9, DECISIONS): the theme, and prefixes removed on "clear all data". */
export const STORAGE_KEYS = {
  theme: "bahi-theme",
  welcomedPrefix: "hasWelcomed_",
  invoicePrefix: "invoice_",
} as const;
