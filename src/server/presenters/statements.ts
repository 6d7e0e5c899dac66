import type { StatementAnswer } from "#contract/statements";
import type { StatementView } from "../services/statements";

/** A statement as the API answers it: the client's few details, the period and both statements. */
export function presentStatement(view: StatementView): StatementAnswer {
  const { client, statement } = view;
  return {
    client: {
      id: client.id,
      name: client.name,
      company: client.company,
      email: client.email,
      gstin: client.gstin,
    },
    from: statement.period.from,
    to: statement.period.to,
    currency: view.currency,
    currencies: view.currencies,
    generatedOn: view.generatedOn,
    activity: {
      openingMinor: statement.activity.openingMinor,
      rows: statement.activity.rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        date: r.date,
        title: r.title,
        number: r.number,
        details: r.details,
        debitMinor: r.debitMinor,
        creditMinor: r.creditMinor,
        balanceMinor: r.balanceMinor,
      })),
      totalDebitMinor: statement.activity.totalDebitMinor,
      totalCreditMinor: statement.activity.totalCreditMinor,
      closingMinor: statement.activity.closingMinor,
    },
    openItems: {
      asOf: statement.openItems.asOf,
      items: statement.openItems.items.map((i) => ({
        kind: i.kind,
        id: i.id,
        number: i.number,
        date: i.date,
        dueDate: i.dueDate,
        amountMinor: i.amountMinor,
        receivedMinor: i.receivedMinor,
        pendingMinor: i.pendingMinor,
        daysOverdue: i.daysOverdue,
        bucket: i.bucket,
      })),
      unallocatedMinor: statement.openItems.unallocatedMinor,
      buckets: { ...statement.openItems.buckets },
      totalMinor: statement.openItems.totalMinor,
    },
  };
}

export function presentSchedule(s: { enabled: boolean; enabledAt: Date | null }) {
  return { enabled: s.enabled, enabledAt: s.enabledAt?.toISOString() ?? null };
}
