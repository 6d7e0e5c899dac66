import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, CreditCard } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { GatewayAnswer } from "#contract/payment-gateway";
import { ApiError, api, call, queryKeyOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, Input, PasswordInput } from "#web/components/ui/input";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";

// Settings → Online payments: the business connects its own Razorpay account, so its clients
// can pay invoices online from the public invoice page. Secrets go to the server once and are
// never shown again (the server answers them masked).

const GATEWAY_KEY = queryKeyOf("GET /api/settings/payment-gateway");

interface Keys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}
const NO_KEYS: Keys = { keyId: "", keySecret: "", webhookSecret: "" };

function KeysForm({
  gateway,
  onSaved,
  onCancel,
}: {
  gateway: GatewayAnswer;
  onSaved: (answer: GatewayAnswer) => void;
  onCancel?: () => void;
}) {
  const [keys, setKeys] = useState<Keys>({ ...NO_KEYS, keyId: gateway.keyId ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const updating = gateway.connected && !gateway.testMode;
  const save = useMutation({
    mutationFn: (body: Record<string, string | boolean>) =>
      // The form's fields, checked by the server's union of connect bodies.
      api<GatewayAnswer>("/api/settings/payment-gateway", { method: "PUT", body }),
    onSuccess: (answer) => {
      setErrors({});
      onSaved(answer);
      toast.success("Razorpay connected", { description: "Your clients can now pay invoices online." });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error("Could not connect Razorpay", {
        description: error instanceof Error ? error.message : String(error),
      });
    },
  });
  const set = (key: keyof Keys) => (e: { target: { value: string } }) =>
    setKeys((k) => ({ ...k, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      keyId: keys.keyId.trim(),
      ...(keys.keySecret ? { keySecret: keys.keySecret } : {}),
      ...(keys.webhookSecret ? { webhookSecret: keys.webhookSecret } : {}),
    });
  }

  const keepHint = updating ? "Leave empty to keep the saved one." : undefined;
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4 md:grid-cols-2" aria-label="Razorpay keys">
      <Field
        label="Key ID"
        error={errors.keyId}
        hint="From Razorpay's dashboard: Account & Settings → API keys."
      >
        {(p) => (
          <Input
            {...p}
            value={keys.keyId}
            onChange={set("keyId")}
            placeholder="rzp_live_…"
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Key secret" error={errors.keySecret} hint={keepHint}>
        {(p) => (
          <PasswordInput {...p} value={keys.keySecret} onChange={set("keySecret")} autoComplete="off" />
        )}
      </Field>
      <Field
        label="Webhook secret"
        error={errors.webhookSecret}
        hint={keepHint ?? "The secret you give the webhook in Razorpay's dashboard (event payment.captured)."}
      >
        {(p) => (
          <PasswordInput
            {...p}
            value={keys.webhookSecret}
            onChange={set("webhookSecret")}
            autoComplete="off"
          />
        )}
      </Field>
      <div className="flex flex-wrap items-end gap-2 md:col-span-2">
        <Button type="submit" busy={save.isPending}>
          {updating ? "Save keys" : "Connect Razorpay"}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        {!gateway.connected && gateway.testModeAvailable && (
          <Button variant="outline" busy={save.isPending} onClick={() => save.mutate({ testMode: true })}>
            Use test mode (no keys)
          </Button>
        )}
      </div>
    </form>
  );
}

function Connected({ gateway, onEdit }: { gateway: GatewayAnswer; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: () => call("DELETE /api/settings/payment-gateway"),
    onSuccess: (answer) => {
      queryClient.setQueryData(GATEWAY_KEY, answer);
      setConfirming(false);
      toast.success("Razorpay disconnected", { description: "Invoices no longer offer online payment." });
    },
  });
  return (
    <div className="mt-4 space-y-3 text-sm">
      {gateway.testMode ? (
        <p>
          <strong>Test mode.</strong> "Pay online" on your invoices opens a test checkout: no money moves.
          Connect your Razorpay keys before sending invoices to real clients.
        </p>
      ) : (
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Key ID</dt>
          <dd className="break-all font-mono">{gateway.keyId}</dd>
          <dt className="text-muted-foreground">Key secret</dt>
          <dd className="font-mono">{gateway.keySecretMasked}</dd>
          <dt className="text-muted-foreground">Webhook URL</dt>
          <dd className="flex items-start gap-2">
            <span className="break-all font-mono">{gateway.webhookUrl}</span>
            <Button
              size="sm"
              variant="outline"
              aria-label="Copy webhook URL"
              onClick={() => {
                void navigator.clipboard?.writeText(gateway.webhookUrl ?? "");
                toast.success("Webhook URL copied");
              }}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
            </Button>
          </dd>
        </dl>
      )}
      {!gateway.testMode && (
        <p className="text-muted-foreground">
          In Razorpay's dashboard, add this URL as a webhook for the event <code>payment.captured</code> with
          your webhook secret, so a payment is recorded even when your client closes the page too early.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onEdit}>
          {gateway.testMode ? "Connect Razorpay keys" : "Update keys"}
        </Button>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect Razorpay?"
        description="Your invoices will no longer offer online payment. Payments already recorded stay as they are."
        confirmLabel="Disconnect"
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
      />
    </div>
  );
}

export function OnlinePayments() {
  const queryClient = useQueryClient();
  const gateway = useQuery({
    queryKey: GATEWAY_KEY,
    queryFn: () => call("GET /api/settings/payment-gateway"),
  });
  const [editing, setEditing] = useState(false);
  const saved = (answer: GatewayAnswer) => {
    queryClient.setQueryData(GATEWAY_KEY, answer);
    setEditing(false);
  };
  return (
    <Card role="region" aria-labelledby="online-payments-heading">
      <h2 id="online-payments-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CreditCard className="h-5 w-5" aria-hidden="true" />
        Online payments
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Connect your own Razorpay account and your invoices' public pages offer "Pay online" for the balance
        due. The money goes straight to your account; Bahi charges nothing for it. UPI to your own UPI ID
        (Bank details above) needs no account at all.
      </p>
      {gateway.isPending ? (
        <p className="mt-4 text-sm text-muted-foreground" role="status">
          Loading…
        </p>
      ) : gateway.isError ? (
        <p className="mt-4 text-sm text-destructive" role="alert">
          Could not load your payment settings. Please reload the page.
        </p>
      ) : gateway.data.connected && !editing ? (
        <Connected gateway={gateway.data} onEdit={() => setEditing(true)} />
      ) : (
        <KeysForm
          gateway={gateway.data}
          onSaved={saved}
          onCancel={gateway.data.connected ? () => setEditing(false) : undefined}
        />
      )}
    </Card>
  );
}
