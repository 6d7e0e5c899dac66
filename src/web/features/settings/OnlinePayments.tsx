import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, CreditCard } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { ContractAt } from "#contract";
import type { GatewayAnswer } from "#contract/payment-gateway";
import { type CallInput, call, queryKeyOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { SectionCard } from "#web/components/ui/card";
import { SecretField, TextField } from "#web/components/ui/input";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { type FormErrors, showSaveError, textBinder } from "#web/lib/form";

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
type ConnectBody = CallInput<ContractAt<"PUT /api/settings/payment-gateway">>["body"];

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
  const [errors, setErrors] = useState<FormErrors>({});
  const updating = gateway.connected && !gateway.testMode;
  const save = useMutation({
    mutationFn: (body: ConnectBody) => call("PUT /api/settings/payment-gateway", { body }),
    onSuccess: (answer) => {
      setErrors({});
      onSaved(answer);
      toast.success("Razorpay connected", { description: "Your clients can now pay invoices online." });
    },
    onError: showSaveError("Could not connect Razorpay", setErrors),
  });
  const text = textBinder(keys, errors, (key, value) => setKeys((k) => ({ ...k, [key]: value })));

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
      <TextField
        label="Key ID"
        hint="From Razorpay's dashboard: Account & Settings → API keys."
        placeholder="rzp_live_…"
        autoComplete="off"
        {...text("keyId")}
      />
      <SecretField label="Key secret" hint={keepHint} autoComplete="off" {...text("keySecret")} />
      <SecretField
        label="Webhook secret"
        hint={keepHint ?? "The secret you give the webhook in Razorpay's dashboard (event payment.captured)."}
        autoComplete="off"
        {...text("webhookSecret")}
      />
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
    <SectionCard
      id="online-payments-heading"
      icon={<CreditCard className="h-5 w-5" aria-hidden="true" />}
      title="Online payments"
      description={`Connect your own Razorpay account and your invoices' public pages offer "Pay online" for the balance due. The money goes straight to your account; Bahi charges nothing for it. UPI to your own UPI ID (Bank details above) needs no account at all.`}
    >
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
    </SectionCard>
  );
}
