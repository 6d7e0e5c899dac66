import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { ActivityEntry } from "#contract/activity-log";
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_ACTIONS,
  ACTIVITY_RECORD_KINDS,
  ACTIVITY_RECORD_LABELS,
  type ActivityAction,
  type ActivityRecordKind,
  actorFilterValue,
  actorLabel,
  describeActivity,
} from "#domain/activity-log";
import { call, callQuery, queryKeyOf, urlOf } from "#web/api";
import { Button, DownloadLink } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { type Choice, choicesOf, DateRangeFields, SelectField } from "#web/components/ui/input";
import { PageHeader } from "#web/components/ui/page";
import { EmptyCard, Loaded } from "#web/components/ui/states";

// The business's activity log (issue 31 phase 3, decision 0077): who did what to which record and
// when, newest first, filtered by who, what, kind of record and days; the same list as CSV.

interface Filters {
  actor: string;
  action: ActivityAction | "";
  recordKind: ActivityRecordKind | "";
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { actor: "", action: "", recordKind: "", from: "", to: "" };

/** The query the API reads: empty filters left out. */
function queryOf(f: Filters) {
  return {
    ...(f.actor ? { actor: f.actor } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.recordKind ? { recordKind: f.recordKind } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

/** Where a record is seen in the app; null when it has no page (a member, a deleted key). */
function recordPath(record: NonNullable<ActivityEntry["record"]>): string | null {
  const id = record.id ? encodeURIComponent(record.id) : null;
  switch (record.kind) {
    case "invoice":
      return id && `/invoice/edit/${id}`;
    case "quote":
      return id && `/quotes/${id}`;
    case "proforma":
      return id && `/proforma-invoices/${id}`;
    case "challan":
      return id && `/delivery-challans/${id}`;
    case "credit_note":
    case "debit_note":
      return id && `/credit-notes/${id}`;
    case "settings":
    case "data":
      return "/settings";
    case "api_key":
      return "/account";
    // No page of their own: their lists (a deleted one is simply not there).
    case "client":
      return "/clients";
    case "product":
      return "/inventory/details";
    default:
      return null;
  }
}

const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

function RecordLink({ entry }: { entry: ActivityEntry }) {
  const record = entry.record;
  if (!record) return null;
  const name = `${ACTIVITY_RECORD_LABELS[record.kind]}${record.label ? ` ${record.label}` : ""}`;
  const path = recordPath(record);
  return path ? (
    <Link to={path} className="text-primary underline underline-offset-2">
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
}

function EntryRow({ entry }: { entry: ActivityEntry }) {
  const what = describeActivity({
    action: entry.action,
    recordKind: null,
    recordLabel: "",
    detail: entry.detail,
  });
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
      <time
        dateTime={entry.createdAt}
        className="shrink-0 text-xs tabular-nums text-muted-foreground sm:w-40"
      >
        {dateTime.format(new Date(entry.createdAt))}
      </time>
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-medium">{actorLabel(entry.actor)}</span>
        <span aria-hidden="true" className="mx-1 text-muted-foreground">
          ·
        </span>
        <span>{what}</span>
        {entry.record ? (
          <>
            {": "}
            <RecordLink entry={entry} />
          </>
        ) : null}
      </p>
    </li>
  );
}

function FilterBar({
  filters,
  onChange,
  actors,
}: {
  filters: Filters;
  onChange: (f: Filters) => void;
  actors: { value: string; label: string }[];
}) {
  const selects: {
    key: "actor" | "action" | "recordKind";
    label: string;
    none: string;
    options: Choice<string>[];
  }[] = [
    { key: "actor", label: "Who", none: "Everyone", options: actors },
    {
      key: "action",
      label: "Action",
      none: "Every action",
      options: choicesOf(ACTIVITY_ACTIONS, ACTIVITY_ACTION_LABELS),
    },
    {
      key: "recordKind",
      label: "Record",
      none: "Every kind",
      options: choicesOf(ACTIVITY_RECORD_KINDS, ACTIVITY_RECORD_LABELS),
    },
  ];
  return (
    <Card className="mb-4">
      <form
        aria-label="Filter the activity"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
      >
        {selects.map((f) => (
          <SelectField
            key={f.key}
            label={f.label}
            none={f.none}
            options={f.options}
            value={filters[f.key]}
            onChange={(v) => onChange({ ...filters, [f.key]: v })}
          />
        ))}
        <DateRangeFields
          from={filters.from}
          to={filters.to}
          onChange={(change) => onChange({ ...filters, ...change })}
        />
        {filters !== NO_FILTERS && Object.values(filters).some(Boolean) ? (
          <div className="sm:col-span-2 lg:col-span-5">
            <Button type="button" variant="ghost" onClick={() => onChange(NO_FILTERS)}>
              Clear filters
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

export function ActivityPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const query = queryOf(filters);
  const actors = useQuery(callQuery("GET /api/activity/actors"));
  const list = useInfiniteQuery({
    queryKey: queryKeyOf("GET /api/activity", { query }),
    queryFn: ({ pageParam }) =>
      call("GET /api/activity", {
        query: { ...query, pageSize: 50, ...(pageParam ? { after: pageParam } : {}) },
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const entries = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Object.keys(query).length > 0;
  const actorOptions = (actors.data?.items ?? []).map((a) => ({
    value: actorFilterValue(a),
    label: actorLabel(a),
  }));
  return (
    <div>
      <PageHeader
        title="Activity"
        description="Who did what in this business, and when. Entries are kept for one year."
        actions={
          <DownloadLink href={urlOf("/api/activity/export.csv", { query })}>Download CSV</DownloadLink>
        }
      />
      <FilterBar filters={filters} onChange={setFilters} actors={actorOptions} />
      <Loaded query={list} loading="Loading activity..." errorTitle="The activity could not be loaded">
        {() =>
          entries.length === 0 ? (
            <EmptyCard
              icon={History}
              title={filtered ? "No activity matches these filters" : "No activity yet"}
              action={null}
            >
              {filtered
                ? "Change or clear the filters to see more."
                : "Invoices made, sent and paid, settings changed and keys created will be listed here."}
            </EmptyCard>
          ) : (
            <div className="rounded-lg border border-border bg-card shadow-sm">
              <ol aria-label="Activity" className="divide-y divide-border">
                {entries.map((e) => (
                  <EntryRow key={e.id} entry={e} />
                ))}
              </ol>
              {list.hasNextPage ? (
                <div className="border-t border-border p-3 text-center">
                  <Button
                    variant="outline"
                    onClick={() => list.fetchNextPage()}
                    busy={list.isFetchingNextPage}
                  >
                    Show older activity
                  </Button>
                </div>
              ) : null}
            </div>
          )
        }
      </Loaded>
    </div>
  );
}
