// The public statement page's one script (/s/page.js): printing. It pays by the UPI QR and link
// that the page itself shows, so it needs nothing else (decision 0081).
export const STATEMENT_PAGE_SCRIPT = `"use strict";
document.getElementById("print").addEventListener("click", () => window.print());
`;
