import { useQuery } from "@tanstack/react-query";
import { type RefObject, useEffect } from "react";
import { isValidIsoDate } from "#domain/dates";
import type { EditorAction } from "#web/features/documents/editor/draft";
import { nextNumberQuery } from "../queries";

/**
 * A new invoice under the sequential scheme shows the number the server gives on save, and that
 * number belongs to the invoice date's financial year: when the user moves the date (31 March to
 * 1 April), the shown number follows it, until they type a number of their own.
 */
export function useSequentialNumber({
  active,
  invoiceDate,
  invoiceNumber,
  numberEdited,
  dispatch,
}: {
  /** A new, not yet saved invoice under the sequential scheme. */
  active: boolean;
  invoiceDate: string;
  invoiceNumber: string;
  numberEdited: RefObject<boolean>;
  dispatch: (action: EditorAction) => void;
}) {
  const enabled = active && isValidIsoDate(invoiceDate);
  const next = useQuery({ ...nextNumberQuery(invoiceDate), enabled });
  const shown = enabled ? (next.data?.invoiceNumber ?? null) : null;
  useEffect(() => {
    if (shown === null || numberEdited.current || shown === invoiceNumber) return;
    dispatch({ type: "set", patch: { invoiceNumber: shown } });
  }, [shown, invoiceNumber, numberEdited, dispatch]);
}
