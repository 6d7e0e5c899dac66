import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { StatementAnswer } from "#contract/statements";
import { call, callQuery, urlOf } from "#web/api";

export type { StatementAnswer };

/** The period and currency a statement is asked for (empty: the server's default). */
export interface StatementAsk {
  from: string;
  to: string;
  currency: string;
}

const queryOf = (ask: StatementAsk) => ({
  from: ask.from || undefined,
  to: ask.to || undefined,
  currency: ask.currency || undefined,
});

export const statementQuery = (clientId: string, ask: StatementAsk) =>
  queryOptions({
    ...callQuery("GET /api/statements/:id", { params: { id: clientId }, query: queryOf(ask) }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Where the paid PDF of this statement is made (a POST). */
export const statementPdfUrl = (clientId: string, ask: StatementAsk) =>
  urlOf("/api/statements/:id/pdf", { params: { id: clientId }, query: queryOf(ask) });

export const statementCsvUrl = (clientId: string, ask: StatementAsk, part: "activity" | "open_items") =>
  urlOf("/api/statements/:id/export.csv", { params: { id: clientId }, query: { ...queryOf(ask), part } });

export const shareStatement = (clientId: string, ask: StatementAsk, renew = false) =>
  call("POST /api/statements/:id/public-link", {
    params: { id: clientId },
    query: queryOf(ask),
    body: { renew },
  });
