import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { InvitationAnswer, MemberAnswer } from "#contract/members";
import { BUSINESS_ROLES, type BusinessRole } from "#domain/businesses";
import { ROLE_LABELS } from "#domain/roles";
import { isValidEmail } from "#domain/validation";
import { ApiError, call, queryKeyOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, Input, Options, Select } from "#web/components/ui/input";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { Loaded } from "#web/components/ui/states";

// Members (owners only, decision 0076): who works in this business and as what, the invitations
// not yet accepted, and a form to invite someone by e-mail.

const MEMBERS = queryKeyOf("GET /api/members");
const membersQuery = { queryKey: MEMBERS, queryFn: () => call("GET /api/members") };

const ROLE_HINTS: Record<BusinessRole, string> = {
  owner: "Everything, including members, credits, bank details and deleting data.",
  accountant: "Reads everything, downloads PDFs and GST reports, records payments and credit notes.",
  staff: "Creates and issues invoices, quotes and challans, records payments, manages clients and products.",
};

const day = (iso: string) => new Date(iso).toLocaleDateString("en-IN", { dateStyle: "medium" });
const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

function RoleSelect(props: {
  id?: string;
  value: BusinessRole;
  onChange: (role: BusinessRole) => void;
  disabled?: boolean;
  "aria-label"?: string;
}) {
  const { onChange, ...rest } = props;
  return (
    <Select {...rest} onChange={(e) => onChange(e.target.value as BusinessRole)}>
      <Options of={BUSINESS_ROLES} label={(r) => ROLE_LABELS[r]} />
    </Select>
  );
}

function InviteForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<BusinessRole>("staff");
  const [error, setError] = useState<string>();
  const invite = useMutation({
    mutationFn: () => call("POST /api/members/invitations", { body: { email: email.trim(), role } }),
    onSuccess: (made) => {
      toast.success(`Invitation sent to ${made.email}`);
      setEmail("");
      setError(undefined);
      void queryClient.invalidateQueries({ queryKey: MEMBERS });
    },
    onError: (e) => setError(e instanceof ApiError ? (e.fields?.email ?? e.message) : String(e)),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setError("Enter a valid e-mail address.");
      return;
    }
    invite.mutate();
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold">Invite someone</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        They get an e-mail with a link that works once, for 7 days. {ROLE_HINTS[role]}
      </p>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <Field label="E-mail address" error={error}>
          {(p) => (
            <Input
              {...p}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Role">{(p) => <RoleSelect {...p} value={role} onChange={setRole} />}</Field>
        <Button type="submit" busy={invite.isPending}>
          Send invitation
        </Button>
      </form>
    </Card>
  );
}

function MemberRow({ member }: { member: MemberAnswer }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const done = () => queryClient.invalidateQueries({ queryKey: MEMBERS });
  const change = useMutation({
    mutationFn: (role: BusinessRole) =>
      call("PATCH /api/members/:userId", { params: { userId: member.userId }, body: { role } }),
    onSuccess: (m) => {
      toast.success(`${m.name || m.email} is now ${ROLE_LABELS[m.role].toLowerCase()}`);
      void done();
    },
    onError: (e) => toast.error(messageOf(e)),
  });
  const remove = useMutation({
    mutationFn: () => call("DELETE /api/members/:userId", { params: { userId: member.userId } }),
    onSuccess: () => {
      toast.success(`${member.name || member.email} was removed`);
      setConfirming(false);
      void done();
    },
    onError: (e) => {
      setConfirming(false);
      toast.error(messageOf(e));
    },
  });
  const who = member.name || member.email;
  return (
    <li className="flex min-w-0 flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium">
          {who}
          {member.you && <span className="text-muted-foreground"> (you)</span>}
        </p>
        <p className="truncate text-sm text-muted-foreground">
          {member.email} · joined {day(member.joinedAt)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <RoleSelect
          aria-label={`Role of ${who}`}
          value={member.role}
          disabled={change.isPending}
          onChange={(role) => change.mutate(role)}
        />
        {!member.you && (
          <Button variant="outline" onClick={() => setConfirming(true)} aria-label={`Remove ${who}`}>
            Remove
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${who}?`}
        description="They lose access to this business at once. Their own account stays."
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationAnswer }) {
  const queryClient = useQueryClient();
  // Sent again: a new link valid 7 days from now; the link in the earlier mail stops working.
  const resend = useMutation({
    mutationFn: () =>
      call("POST /api/members/invitations/:id/resend", { params: { id: invitation.id }, body: {} }),
    onSuccess: (sent) => {
      toast.success(`Invitation sent again to ${sent.email}`, {
        description: "The link in the earlier mail no longer works.",
      });
      void queryClient.invalidateQueries({ queryKey: MEMBERS });
    },
    onError: (e) => toast.error(messageOf(e)),
  });
  const revoke = useMutation({
    mutationFn: () => call("DELETE /api/members/invitations/:id", { params: { id: invitation.id } }),
    onSuccess: () => {
      toast.success(`Invitation to ${invitation.email} withdrawn`);
      void queryClient.invalidateQueries({ queryKey: MEMBERS });
    },
    onError: (e) => toast.error(messageOf(e)),
  });
  return (
    <li className="flex min-w-0 flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium">{invitation.email}</p>
        <p className="text-sm text-muted-foreground">
          {ROLE_LABELS[invitation.role]} ·{" "}
          {invitation.state === "expired" ? "expired" : `valid until ${day(invitation.expiresAt)}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          busy={resend.isPending}
          disabled={revoke.isPending}
          onClick={() => resend.mutate()}
          aria-label={`Send the invitation to ${invitation.email} again`}
        >
          Send again
        </Button>
        <Button
          variant="outline"
          busy={revoke.isPending}
          disabled={resend.isPending}
          onClick={() => revoke.mutate()}
          aria-label={`Withdraw the invitation to ${invitation.email}`}
        >
          {invitation.state === "expired" ? "Remove" : "Withdraw"}
        </Button>
      </div>
    </li>
  );
}

export function MembersPage() {
  const members = useQuery(membersQuery);
  return (
    <>
      <PageHeader title="Members" description="Who works in this business, and what each can do." />
      <Loaded query={members} loading="Loading members..." errorTitle="The members could not be loaded">
        {(data) => (
          <div className="grid grid-cols-1 gap-6">
            <InviteForm />
            <Card>
              <h2 className="text-lg font-semibold">Members</h2>
              <p className="mt-1 text-sm text-muted-foreground">
                Choose Owner for a member to share the business with them. A business always keeps at least
                one owner: the last one can neither leave nor become another role.
              </p>
              <ul className="mt-2 divide-y divide-border" aria-label="Members">
                {data.members.map((m) => (
                  <MemberRow key={m.userId} member={m} />
                ))}
              </ul>
            </Card>
            <Card>
              <h2 className="text-lg font-semibold">Invitations not yet accepted</h2>
              {data.invitations.length === 0 ? (
                <p className="mt-2 text-sm text-muted-foreground">None.</p>
              ) : (
                <ul className="mt-2 divide-y divide-border" aria-label="Invitations">
                  {data.invitations.map((i) => (
                    <InvitationRow key={i.id} invitation={i} />
                  ))}
                </ul>
              )}
            </Card>
          </div>
        )}
      </Loaded>
    </>
  );
}
