import { useQuery } from "@tanstack/react-query";
import { Coins } from "lucide-react";
import { creditsQuery } from "../credits/api";
import { useTopUpDialog } from "../credits/useTopUpDialog";

export { creditsQuery };

/** The header's credit balance; opens the top-up dialog (spec §2, app shell). */
export function CreditsButton() {
  const { data, isLoading } = useQuery(creditsQuery);
  const { open } = useTopUpDialog();
  return (
    <button
      type="button"
      onClick={open}
      className="inline-flex h-9 items-center gap-1.5 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted"
      aria-label={
        isLoading ? "Credits loading. Top up credits" : `Credits: ${data?.credits ?? 0}. Top up credits`
      }
      aria-haspopup="dialog"
    >
      <Coins className="h-4 w-4 text-accent" aria-hidden="true" />
      <span>{isLoading ? "…" : (data?.credits ?? "–")}</span>
      <span className="hidden sm:inline">Credits</span>
    </button>
  );
}
