import { useQuery } from "@tanstack/react-query";
import { memo } from "react";
import { describeInvoiceEvent } from "#domain/activity";
import { callQuery } from "#web/api";
import { Card } from "#web/components/ui/card";

// The invoice's activity: what happened to it and when, newest first.

export const ActivityCard = memo(function ActivityCard({ invoiceId }: { invoiceId: string }) {
  const activity = useQuery(callQuery("GET /api/invoices/:id/activity", { params: { id: invoiceId } }));
  return (
    <Card role="region" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Activity
      </h2>
      {activity.isPending ? (
        <p className="mt-3 text-sm text-muted-foreground" role="status">
          Loading…
        </p>
      ) : !activity.data?.events.length ? (
        <p className="mt-3 text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ol className="mt-3 space-y-2 text-sm" aria-label="Activity, newest first">
          {activity.data.events.map((e) => (
            <li key={e.id} className="flex flex-wrap justify-between gap-x-4">
              <span>{describeInvoiceEvent(e.kind, e.detail)}</span>
              <time className="text-xs text-muted-foreground" dateTime={e.at}>
                {new Date(e.at).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short" })}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
});
