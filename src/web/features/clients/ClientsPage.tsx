import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2, Mail, Pencil, Phone, Plus, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { resourceKey } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card, Spinner } from "#web/components/ui/card";
import { ConfirmDialog, lazyDialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { CsvImportExport } from "#web/features/imports/CsvImport";
import { useDebounced } from "#web/lib/useDebounced";
import { addressLine, type Client, type ClientSort, clientsQuery, deleteClient, PAGE_SIZE } from "./api";
import { Pager, SearchBox, SelectBox } from "./list-controls";

// The client form (and the client schema it checks with) loads when it first opens.
const ClientDialog = lazyDialog(() => import("./ClientDialog").then((m) => m.ClientDialog));

const SORTS = [
  { value: "name", label: "Name (A–Z)" },
  { value: "newest", label: "Newest first" },
] as const;

export function ClientsPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<ClientSort>("name");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Client | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const term = useDebounced(search.trim());
  const list = useQuery(clientsQuery({ search: term, sort, page }));

  const remove = useMutation({
    mutationFn: (c: Client) => deleteClient(c.id),
    onSuccess: async (_v, c) => {
      await queryClient.invalidateQueries({ queryKey: resourceKey("clients") });
      toast.success("Client Deleted", {
        description: `${c.name} was deleted. Their invoices are unchanged.`,
      });
      setDeleting(null);
    },
    onError: (error) => toast.error("Could not delete the client", { description: (error as Error).message }),
  });

  const openNew = () => {
    setEditing(undefined);
    setDialogOpen(true);
  };
  const data = list.data;
  const nothingYet = data && data.total === 0 && !term;

  return (
    <>
      <PageHeader
        title="Manage Clients"
        description="The people and businesses you invoice."
        actions={
          <>
            <CsvImportExport kind="clients" />
            <Button onClick={openNew}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Client
            </Button>
          </>
        }
      />
      {!nothingYet && (
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchBox
            label="Search clients"
            placeholder="Search by name, company, e-mail or phone"
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(1);
            }}
          />
          <SelectBox
            label="Sort"
            value={sort}
            options={SORTS}
            onChange={(v) => {
              setSort(v);
              setPage(1);
            }}
          />
        </div>
      )}

      {list.isPending ? (
        <Spinner label="Loading clients..." />
      ) : list.isError ? (
        <Card role="alert">
          <h2 className="font-semibold text-destructive">Error Loading Clients</h2>
          <p className="mt-1 text-sm text-muted-foreground">{(list.error as Error).message}</p>
          <Button variant="outline" className="mt-3" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Card>
      ) : nothingYet ? (
        <Card className="flex flex-col items-center py-12 text-center">
          <Users className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold">No clients yet</h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Add the people and businesses you bill once, then pick them on any invoice instead of typing their
            details again.
          </p>
          <Button className="mt-4" onClick={openNew}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add your first client
          </Button>
        </Card>
      ) : data && data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-muted-foreground">No clients match “{term}”.</p>
        </Card>
      ) : (
        data && (
          <>
            <ul
              aria-label="Clients"
              aria-busy={list.isFetching}
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
                      <div className="flex shrink-0 gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Edit ${c.name}`}
                          onClick={() => {
                            setEditing(c);
                            setDialogOpen(true);
                          }}
                        >
                          <Pencil className="h-4 w-4" aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete ${c.name}`}
                          className="text-destructive"
                          onClick={() => setDeleting(c)}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </Button>
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
                    </dl>
                  </Card>
                </li>
              ))}
            </ul>
            <Pager page={page} pageSize={PAGE_SIZE} count={data} onPage={setPage} busy={list.isFetching} />
          </>
        )
      )}

      <ClientDialog open={dialogOpen} onOpenChange={setDialogOpen} client={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this client?"
        description={`${deleting?.name ?? ""} will be removed from your clients. Invoices already made for them keep their own copy of the details.`}
        confirmLabel="Delete Client"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
