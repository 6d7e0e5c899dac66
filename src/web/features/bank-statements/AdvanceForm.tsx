import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdvanceBody } from "#contract/client-advances";
import { callQuery } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Field, Options, Select } from "#web/components/ui/input";
import { useSettings } from "#web/features/settings/useSettings";
import {
  AdvanceGstFields,
  advanceGstBodyOf,
  NO_ADVANCE_GST,
} from "#web/features/statements/AdvanceGstFields";

const clientChoices = { query: { search: "", page: 1, pageSize: 100 } };

/**
 * Record as advance (decision 0092): which client paid, then a real advance of theirs; for a
 * service of a regular taxpayer, GST due on receipt (decision 0098).
 */
export function AdvanceForm({
  busy,
  onRecord,
}: {
  busy: boolean;
  onRecord: (clientId: string, gst: AdvanceBody["gst"]) => void;
}) {
  const clients = useQuery(callQuery("GET /api/clients", clientChoices));
  const registered = useSettings().settings.gstRegistration?.type === "regular";
  const [clientId, setClientId] = useState("");
  const [gst, setGst] = useState(NO_ADVANCE_GST);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="grid gap-2 sm:grid-cols-2 sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (!clientId) return setError("Choose the client who paid this advance.");
        onRecord(clientId, advanceGstBodyOf(gst, registered));
      }}
    >
      <Field label="Client who paid" error={error}>
        {(props) => (
          <Select
            {...props}
            value={clientId}
            onChange={(e) => {
              setClientId(e.target.value);
              setError(null);
            }}
          >
            <Options
              none={clients.isPending ? "Loading clients..." : "Choose a client"}
              of={clients.data?.items ?? []}
              value={(c) => c.id}
              label={(c) => c.name}
            />
          </Select>
        )}
      </Field>
      <div>
        <Button size="sm" type="submit" busy={busy}>
          Record advance
        </Button>
      </div>
      <AdvanceGstFields value={gst} onChange={setGst} registered={registered} errors={{}} />
    </form>
  );
}
