import { useQuery } from "@tanstack/react-query";
import { Building2, FileText, Mail, Pencil, Phone, Trash2, TriangleAlert, Users } from "lucide-react";
import { Link } from "react-router";
import { addressStateProblem, gstinStateMismatch } from "#domain/address-state";
import { stateCodeOfGstin } from "#domain/gst-states";
import { useConfirmedDelete, useEditDialog } from "#web/components/record-forms";
import { IconButton } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog, lazyDialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { AddFirstButton, EmptyCard, Loaded } from "#web/components/ui/states";
import { ListActions } from "#web/features/imports/CsvImport";
import { useMay } from "#web/features/members/role";
import { MonthlyStatementsCard } from "#web/features/statements/MonthlyStatementsCard";
import { addressLine, type Client, type ClientSort, clientsQuery, deleteClient, PAGE_SIZE } from "./api";
import { Pager, SearchAndSort, useListState } from "./list-controls";

// The client form (and the client schema it checks with) loads when it first opens.
const ClientDialog = lazyDialog(() => import("./ClientDialog").then((m) => m.ClientDialog));

const SORTS = [
  { value: "name", label: "Name (A–Z)" },
  { value: "newest", label: "Newest first" },
] as const;

/**
 * What to fix in a client's state before a tax invoice (decision 0082): a state Bahi cannot tell
 * (migration 0028 read the ones it could), or a GSTIN of another state; null when fine.
 */
function stateToCheck(c: Client): string | null {
  if (stateCodeOfGstin(c.gstin)) return gstinStateMismatch(c);
  const problem = addressStateProblem(c.billingAddress);
  return problem && c.billingAddress.state.trim() !== ""
    ? `State “${c.billingAddress.state}” not recognised: edit the client and choose it from the list.`
    : null;
}

export function ClientsPage() {
  const list = useListState<ClientSort>("name");
  const { term, sort, page } = list;
  const editor = useEditDialog<Client>();
  const deletion = useConfirmedDelete({
    resource: "clients",
    noun: "client",
    remove: (c: Client) => deleteClient(c.id),
    deleted: (c) => `${c.name} was deleted. Their invoices are unchanged.`,
  });
  const clients = useQuery(clientsQuery({ search: term, sort, page }));
  const mayManage = useMay("clients.manage");

  const data = clients.data;
  const nothingYet = data && data.total === 0 && !term;

  return (
    <>
      <PageHeader
        title="Manage Clients"
        description="The people and businesses you invoice."
        actions={<ListActions kind="clients" addLabel="Add Client" onAdd={editor.openNew} />}
      />
      {!nothingYet && <MonthlyStatementsCard />}
      {!nothingYet && (
        <SearchAndSort
          list={list}
          label="Search clients"
          placeholder="Search by name, company, e-mail or phone"
          sorts={SORTS}
          className="mb-4"
        />
      )}

      <Loaded query={clients} loading="Loading clients..." errorTitle="Error Loading Clients">
        {() =>
          nothingYet ? (
            <EmptyCard
              icon={Users}
              title="No clients yet"
              action={
                mayManage && <AddFirstButton onClick={editor.openNew}>Add your first client</AddFirstButton>
              }
            >
              Add the people and businesses you bill once, then pick them on any invoice instead of typing
              their details again.
            </EmptyCard>
          ) : data && data.items.length === 0 ? (
            <Card>
              <p className="text-sm text-muted-foreground">No clients match “{term}”.</p>
            </Card>
          ) : (
            data && (
              <>
                <ul
                  aria-label="Clients"
                  aria-busy={clients.isFetching}
                  className="grid grid-cols-1 gap-3 lg:grid-cols-2"
                >
                  {data.items.map((c) => (
                    <li key={c.id} className="min-w-0">
                      <Card className="flex h-full flex-col gap-2 sm:p-4">
                        <div className="flex items-start justify-between gap-2">
                          <div className="min-w-0">
                            <h2 className="truncate font-semibold">{c.name}</h2>
                            {c.company && (
                              <p className="flex items-center gap-1.5 truncate text-sm text-muted-foreground">
                                <Building2 className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                                {c.company}
                              </p>
                            )}
                          </div>
                          <div className={mayManage ? "flex shrink-0 gap-1" : "hidden"}>
                            <IconButton
                              label={`Edit ${c.name}`}
                              icon={Pencil}
                              onClick={() => editor.edit(c)}
                            />
                            <IconButton
                              label={`Delete ${c.name}`}
                              icon={Trash2}
                              className="text-destructive"
                              onClick={() => deletion.ask(c)}
                            />
                          </div>
                        </div>
                        <dl className="grid gap-1 text-sm">
                          {c.email && (
                            <div className="flex min-w-0 items-center gap-1.5">
                              <dt>
                                <Mail className="h-3.5 w-3.5 text-muted-foreground" aria-label="E-mail" />
                              </dt>
                              <dd className="truncate">{c.email}</dd>
                            </div>
                          )}
                          {c.phone && (
                            <div className="flex items-center gap-1.5">
                              <dt>
                                <Phone className="h-3.5 w-3.5 text-muted-foreground" aria-label="Phone" />
                              </dt>
                              <dd>{c.phone}</dd>
                            </div>
                          )}
                          {c.gstin && (
                            <div className="flex items-center gap-1.5">
                              <dt className="text-xs font-medium text-muted-foreground">GSTIN</dt>
                              <dd className="font-mono text-xs">{c.gstin}</dd>
                            </div>
                          )}
                          {addressLine(c.billingAddress) && (
                            <div className="text-muted-foreground">
                              <dt className="sr-only">Billing address</dt>
                              <dd className="break-words">{addressLine(c.billingAddress)}</dd>
                            </div>
                          )}
                          {stateToCheck(c) && (
                            <div
                              className="flex items-start gap-1.5 text-warning"
                              data-testid="client-state-flag"
                            >
                              <dt>
                                <TriangleAlert className="mt-0.5 h-3.5 w-3.5" aria-label="Check the state" />
                              </dt>
                              <dd>{stateToCheck(c)}</dd>
                            </div>
                          )}
                        </dl>
                        <Link
                          to={`/clients/${encodeURIComponent(c.id)}/statement`}
                          className="mt-auto inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline underline-offset-2"
                        >
                          <FileText className="h-4 w-4" aria-hidden="true" />
                          Statement<span className="sr-only"> of account of {c.name}</span>
                        </Link>
                      </Card>
                    </li>
                  ))}
                </ul>
                <Pager
                  page={page}
                  pageSize={PAGE_SIZE}
                  count={data}
                  onPage={list.setPage}
                  busy={clients.isFetching}
                />
              </>
            )
          )
        }
      </Loaded>

      <ClientDialog open={editor.open} onOpenChange={editor.setOpen} client={editor.editing} />
      <ConfirmDialog
        {...deletion.confirm}
        title="Delete this client?"
        description={`${deletion.asking?.name ?? ""} will be removed from your clients. Invoices already made for them keep their own copy of the details.`}
        confirmLabel="Delete Client"
      />
    </>
  );
}
