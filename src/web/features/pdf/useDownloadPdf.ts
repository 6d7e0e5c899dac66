import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { CREDIT_MESSAGES } from "#domain/messages";
import { filenameFrom, saveBlob } from "#web/lib/save-file";
import { creditsQuery, ledgerQuery } from "../credits/api";
import { openTopUpDialog } from "../credits/useTopUpDialog";
import { useMay } from "../members/role";

export type DownloadOutcome = "saved" | "out_of_credits" | "unauthenticated" | "failed";

/**
 * Downloads an invoice's PDF (1 credit, DECISIONS §3). The server renders and debits; here we
 * save the file, tell the user what is left, and on 402 hand over to `onOutOfCredits` (the top-up
 * dialog, by default).
 */
export function useDownloadPdf(
  opts: {
    onOutOfCredits?: () => void;
    /** Where the PDF is made (default an invoice's; a credit note's is /api/credit-notes/:id/pdf). */
    pdfPath?: (id: string) => string;
  } = {},
) {
  const queryClient = useQueryClient();
  const credits = useQuery(creditsQuery);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const { onOutOfCredits, pdfPath } = opts;
  // Only an owner buys credits (decision 0076): the others are told whom to ask instead.
  const mayBuy = useMay("credits.buy");

  const download = useCallback(
    async (invoice: { id: string; invoiceNumber: string; pdfUrl?: string }): Promise<DownloadOutcome> => {
      setDownloadingId(invoice.id);
      try {
        if (credits.isLoading) {
          toast(CREDIT_MESSAGES.loadingCreditsTitle);
          await queryClient.ensureQueryData(creditsQuery).catch(() => undefined);
        }
        let response: Response;
        try {
          // A POST: spending a credit is never a GET (a prefetch or a link elsewhere must not).
          const path =
            invoice.pdfUrl ?? pdfPath?.(invoice.id) ?? `/api/invoices/${encodeURIComponent(invoice.id)}/pdf`;
          response = await fetch(path, {
            method: "POST",
            credentials: "same-origin",
          });
        } catch {
          response = new Response(null, { status: 599 });
        }
        if (response.status === 401) {
          toast.error(CREDIT_MESSAGES.authenticationErrorTitle, {
            description: CREDIT_MESSAGES.pleaseLogInToDownload,
          });
          return "unauthenticated";
        }
        if (response.status === 402) {
          queryClient.setQueryData(creditsQuery.queryKey, (old: { credits: number } | undefined) =>
            old ? { ...old, credits: 0 } : old,
          );
          if (mayBuy) (onOutOfCredits ?? openTopUpDialog)();
          else {
            toast.error("This business has no credits left", {
              description:
                "Each PDF uses one of the business's credits. Ask an owner of this business to buy more.",
            });
          }
          return "out_of_credits";
        }
        if (response.status === 429 || response.status === 503) {
          // Busy: the server says why and when to come back; the reserved credit was given back.
          const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
          toast.error(CREDIT_MESSAGES.downloadFailedTitle, {
            description: body?.error?.message ?? CREDIT_MESSAGES.couldNotUpdateDownloadCount,
          });
          return "failed";
        }
        if (!response.ok) {
          toast.error(CREDIT_MESSAGES.downloadFailedTitle, {
            description: CREDIT_MESSAGES.couldNotUpdateDownloadCount,
          });
          return "failed";
        }
        const blob = await response.blob();
        saveBlob(
          blob,
          filenameFrom(response.headers.get("content-disposition"), `${invoice.invoiceNumber}.pdf`),
        );
        const remaining = Number(response.headers.get("x-credits-remaining"));
        if (Number.isFinite(remaining)) {
          queryClient.setQueryData(creditsQuery.queryKey, (old: { credits: number } | undefined) =>
            old ? { ...old, credits: remaining } : old,
          );
        }
        toast.success(CREDIT_MESSAGES.downloadSuccessfulTitle, {
          description: Number.isFinite(remaining) ? CREDIT_MESSAGES.creditsRemaining(remaining) : undefined,
        });
        return "saved";
      } catch {
        toast.error(CREDIT_MESSAGES.downloadFailedTitle, {
          description: CREDIT_MESSAGES.couldNotUpdateDownloadCount,
        });
        return "failed";
      } finally {
        setDownloadingId(null);
        void queryClient.invalidateQueries({ queryKey: creditsQuery.queryKey, exact: true });
        void queryClient.invalidateQueries({ queryKey: ledgerQuery.queryKey });
      }
    },
    [credits.isLoading, queryClient, onOutOfCredits, pdfPath, mayBuy],
  );

  return { download, downloadingId, creditsLoading: credits.isLoading, credits: credits.data?.credits };
}
