import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { ApiKeyAnswer, ApiKeyCreated } from "#contract/api-keys";
import { BUSINESS_ROLES, type BusinessRole } from "#domain/businesses";
import { mayGrant, ROLE_LABELS } from "#domain/roles";
import { ApiError, call, queryKeyOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { choicesOf, Field, Input, SelectField } from "#web/components/ui/input";
import { ConfirmDialog, Dialog } from "#web/components/ui/lazy-dialog";
import { useMyRole } from "../members/role";

// My Account → API keys: named keys for spreadsheets, shops and scripts. A new key is shown once,
// in a dialog with a copy button; the list shows when each key was last used, and revokes.

const KEYS = queryKeyOf("GET /api/api-keys");
const ACCESS_CHOICES = [
  { value: "read", label: "Read only" },
  { value: "read_write", label: "Read and write" },
] as const;
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short" }) : "Never";

function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "read_write">("read");
  // A key acts with a role at most its maker's (decision 0076): only those are offered.
  const myRole = useMyRole() ?? "staff";
  const roles = BUSINESS_ROLES.filter((r) => mayGrant(myRole, r));
  const [chosen, setChosen] = useState<BusinessRole>();
  const role = chosen && roles.includes(chosen) ? chosen : myRole;
  const [error, setError] = useState<string>();
  const create = useMutation({
    mutationFn: () => call("POST /api/api-keys", { body: { name: name.trim(), scope, role } }),
    onSuccess: (created) => {
      setName("");
      setError(undefined);
      onCreated(created);
    },
    onError: (e) => setError(e instanceof ApiError ? (e.fields?.name ?? e.message) : String(e)),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError("Name is required.");
      return;
    }
    create.mutate();
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
    >
      <Field label="Key name" error={error} hint="Where you will use it, e.g. Google Sheets or Shop.">
        {(p) => <Input {...p} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <SelectField label="Access" options={ACCESS_CHOICES} value={scope} onChange={setScope} />
      <SelectField
        label="Acts as"
        options={choicesOf(roles, ROLE_LABELS)}
        value={role}
        onChange={setChosen}
      />
      <Button type="submit" busy={create.isPending}>
        Create key
      </Button>
    </form>
  );
}

function NewKeyDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Your new API key"
      description="Copy it now: Bahi keeps only a fingerprint of it and cannot show it again."
    >
      {created && (
        <div className="space-y-4">
          <p
            className="break-all rounded-md border border-border bg-muted p-3 font-mono text-sm"
            data-testid="new-api-key"
          >
            {created.key}
          </p>
          <p className="text-sm text-muted-foreground">
            Send it as <code>Authorization: Bearer …</code> to the API described at{" "}
            <a className="underline" href="/api/docs" target="_blank" rel="noreferrer">
              /api/docs
            </a>
            .
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              onClick={() => {
                void navigator.clipboard?.writeText(created.key);
                toast.success("API key copied");
              }}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
              Copy key
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyAnswer; onRevoke: (key: ApiKeyAnswer) => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {apiKey.name}{" "}
          <span className="text-xs font-normal text-muted-foreground">
            {apiKey.scope === "read" ? "Read only" : "Read and write"} · {ROLE_LABELS[apiKey.role]}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          <span className="font-mono">{apiKey.prefix}…</span> · created {when(apiKey.createdAt)} · last used{" "}
          {when(apiKey.lastUsedAt)}
        </p>
      </div>
      {apiKey.revokedAt ? (
        <span className="text-sm text-muted-foreground">Revoked {when(apiKey.revokedAt)}</span>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onRevoke(apiKey)}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

export function ApiKeysCard() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: () => call("GET /api/api-keys") });
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyAnswer | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => call("DELETE /api/api-keys/:id", { params: { id } }),
    onSuccess: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: KEYS });
      toast.success("API key revoked", { description: "Requests with it are refused from now on." });
    },
  });
  return (
    <Card className="lg:col-span-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="h-5 w-5" aria-hidden="true" />
        API keys
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Connect a spreadsheet, a shop or a script to your invoices, clients and products. A key acts for you,
        with the role you choose (never more than your own): keep it secret, and revoke it when you stop using
        it.
      </p>
      <CreateKeyForm
        onCreated={(next) => {
          setCreated(next);
          void queryClient.invalidateQueries({ queryKey: KEYS });
        }}
      />
      {keys.data && keys.data.keys.length > 0 && (
        <ul className="mt-4 divide-y divide-border" aria-label="Your API keys">
          {keys.data.keys.map((k) => (
            <KeyRow key={k.id} apiKey={k} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke "${revoking?.name ?? ""}"?`}
        description="Anything using this key stops working at once. This cannot be undone."
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Card>
  );
}
