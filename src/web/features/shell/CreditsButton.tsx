import { useQuery } from "@tanstack/react-query";
import { Coins } from "lucide-react";
import { creditsQuery } from "../credits/api";
import { useTopUpDialog } from "../credits/useTopUpDialog";
import { useMay } from "../members/role";

export { creditsQuery };

/** The header's credit balance; opens the top-up dialog (spec §2, app shell). */
export function CreditsButton() {
  const { data, isLoading } = useQuery(creditsQuery);
  const { open } = useTopUpDialog();
  const mayBuy = useMay("credits.buy");
  // The accessible name starts with the visible text (WCAG 2.5.3): "25 Credits, top up", where a
  // phone shows "25" and a wider screen "25 Credits".
  const shown = isLoading ? "…" : String(data?.credits ?? "–");
  // Only an owner buys credits (decision 0076): the others see the balance the business spends.
  if (!mayBuy) {
    return (
      <span
        className="inline-flex h-9 items-center gap-1.5 rounded-md border border-border px-3 text-sm font-medium"
        aria-busy={isLoading || undefined}
      >
        <Coins className="h-4 w-4 text-accent" aria-hidden="true" />
        <span>{shown}</span>
        <span className="hidden sm:inline">Credits</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={open}
      className="inline-flex h-9 items-center gap-1.5 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted"
      aria-label={`${shown} Credits, top up`}
      aria-haspopup="dialog"
      aria-busy={isLoading || undefined}
    >
      <Coins className="h-4 w-4 text-accent" aria-hidden="true" />
      <span>{shown}</span>
      <span className="hidden sm:inline">Credits</span>
    </button>
  );
}
