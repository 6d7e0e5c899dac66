import { useQuery } from "@tanstack/react-query";
import { Coins } from "lucide-react";
import { Link } from "react-router";
import { api } from "../../api";

export const creditsQuery = {
  queryKey: ["credits"],
  queryFn: () => api<{ credits: number }>("/api/credits"),
};

/** The header's credit balance. */
export function CreditsButton() {
  const { data, isLoading } = useQuery(creditsQuery);
  return (
    <Link
      to="/account#credits"
      className="inline-flex h-9 items-center gap-1.5 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted"
      aria-label={isLoading ? "Credits loading" : `Credits: ${data?.credits ?? 0}`}
    >
      <Coins className="h-4 w-4 text-accent" aria-hidden="true" />
      <span>{isLoading ? "…" : (data?.credits ?? "–")}</span>
      <span className="hidden sm:inline">Credits</span>
    </Link>
  );
}
