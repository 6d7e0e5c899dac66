import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, UserPlus } from "lucide-react";
import { memo, useState } from "react";
import { toast } from "sonner";
import { stateFromGstin } from "#domain/address-state";
import { emptyAddress, type InvoiceClient } from "#domain/invoice";
import { CLIENT_LIMITS } from "#domain/limits";
import { call, resourceKey } from "#web/api";
import { AddressFields } from "#web/components/address-fields";
import { Button } from "#web/components/ui/button";
import { CheckboxField, Field, Input } from "#web/components/ui/input";
import { clientSearchQuery } from "../queries";
import { Combobox } from "./Combobox";
import { clientFromSaved, type EditorAction } from "./draft";
import { usePickerSearch } from "./usePickerSearch";

type Errors = Record<string, string>;

/** Bill-to: a saved client picked by search, or one typed in (and optionally saved for next time). */
export const ClientSection = memo(function ClientSection({
  client,
  clientId,
  dispatch,
  errors,
}: {
  client: InvoiceClient;
  clientId: string | null;
  dispatch: (action: EditorAction) => void;
  errors: Errors;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { results: suggestions, search } = usePickerSearch(clientSearchQuery, client.name, open);
  // The server copies a saved client's details onto the invoice, so edited details make it typed-in.
  const set = (patch: Partial<InvoiceClient>) => dispatch({ type: "client", patch, clientId: null });

  const save = useMutation({
    mutationFn: () =>
      call("POST /api/clients", { body: { ...client, shippingAddress: client.shippingAddress ?? null } }),
    onSuccess: (saved) => {
      if (saved?.id) dispatch({ type: "client", patch: {}, clientId: saved.id });
      queryClient.invalidateQueries({ queryKey: resourceKey("clients") });
      toast.success("Client saved", { description: `${client.name} is now in your clients.` });
    },
    onError: (error) => toast.error("Could not save the client", { description: (error as Error).message }),
  });

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-base font-semibold">Bill to</legend>
      <Field
        label="Client name"
        error={errors["client.name"]}
        hint={
          clientId
            ? "Picked from your saved clients. Editing the details below keeps them on this invoice only."
            : "Type to search your saved clients, or type a new one."
        }
      >
        {(p) => (
          <Combobox
            value={client.name}
            onValueChange={(name) => dispatch({ type: "client", patch: { name }, clientId: null })}
            onOpenChange={setOpen}
            options={suggestions.data?.items ?? []}
            loading={suggestions.isFetching}
            emptyText={search ? "No saved client matches. Keep typing to add a new one." : undefined}
            getKey={(c) => c.id}
            renderOption={(c) => (
              <span className="flex flex-col">
                <span className="font-medium">{c.name}</span>
                {(c.company || c.email) && (
                  <span className="text-xs text-muted-foreground">
                    {[c.company, c.email].filter(Boolean).join(" · ")}
                  </span>
                )}
              </span>
            )}
            onSelect={(c) => dispatch({ type: "client", patch: clientFromSaved(c), clientId: c.id })}
            inputProps={{ ...p, placeholder: "Search or type a client name", "aria-required": true }}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        {clientId ? (
          <span className="inline-flex items-center gap-1 text-sm text-success">
            <Check className="h-4 w-4" aria-hidden="true" /> Saved client
          </span>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => save.mutate()}
            busy={save.isPending}
            disabled={client.name.trim() === ""}
          >
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            Save as new client
          </Button>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Company" error={errors["client.company"]}>
          {(p) => <Input {...p} value={client.company} onChange={(e) => set({ company: e.target.value })} />}
        </Field>
        <Field label="Email" error={errors["client.email"]}>
          {(p) => (
            <Input
              {...p}
              type="email"
              value={client.email}
              onChange={(e) => set({ email: e.target.value })}
            />
          )}
        </Field>
        <Field label="Phone" error={errors["client.phone"]}>
          {(p) => (
            <Input {...p} type="tel" value={client.phone} onChange={(e) => set({ phone: e.target.value })} />
          )}
        </Field>
        <Field label="GSTIN" error={errors["client.gstin"]}>
          {(p) => (
            <Input
              {...p}
              value={client.gstin}
              maxLength={CLIENT_LIMITS.gstin}
              onChange={(e) => {
                const gstin = e.target.value.toUpperCase();
                // The GSTIN names the state: fill the billing address's when it has none yet.
                const state = stateFromGstin(gstin, client.billingAddress);
                set(state ? { gstin, billingAddress: { ...client.billingAddress, ...state } } : { gstin });
              }}
            />
          )}
        </Field>
      </div>
      <details
        className="rounded-md border border-border p-3"
        open={Boolean(client.billingAddress.line1) || Boolean(errors["client.billingAddress.state"])}
      >
        <summary className="cursor-pointer text-sm font-medium">Billing address</summary>
        <div className="mt-3">
          <AddressFields
            value={client.billingAddress}
            prefix="client.billingAddress"
            errors={errors}
            onChange={(patch) => set({ billingAddress: { ...client.billingAddress, ...patch } })}
          />
        </div>
      </details>
      <CheckboxField
        label="Ship to a different address"
        checked={client.shippingAddress !== null}
        onChange={(on) => set({ shippingAddress: on ? emptyAddress() : null })}
      />
      {client.shippingAddress && (
        <AddressFields
          value={client.shippingAddress}
          prefix="client.shippingAddress"
          errors={errors}
          onChange={(patch) =>
            set({ shippingAddress: { ...(client.shippingAddress ?? emptyAddress()), ...patch } })
          }
        />
      )}
    </fieldset>
  );
});
