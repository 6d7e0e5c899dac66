import { formatPageDate } from "#domain/dates";
import { fillStatementPlaceholders } from "#domain/statements";
import type { Db } from "../db/client";
import { type SendDeps, type SendInput, sendDocument } from "./documents/send";
import { keepStatement, type StatementQuery } from "./statements";

// Sending a statement of account (decision 0081): the period's statement is kept (so its link and
// PDF name it), `{period}` is filled here and the send placeholders by the one send path, which
// mails the public link and, when asked, the PDF for one credit.

export async function sendStatement(
  deps: SendDeps & { db: Db },
  businessId: string,
  clientId: string,
  q: StatementQuery,
  input: SendInput,
) {
  const { row, view } = await keepStatement(deps.db, businessId, clientId, q);
  const fill = (template: string) =>
    fillStatementPlaceholders(template, view.statement.period, formatPageDate);
  return sendDocument(
    deps,
    businessId,
    { kind: "statement", id: row.id },
    {
      ...input,
      subject: fill(input.subject),
      message: fill(input.message),
    },
  );
}
