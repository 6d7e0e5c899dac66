import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { AUTH_ERROR } from "#contract/errors";
import { ApiError, call, callQuery } from "#web/api";
import { useAuth } from "#web/auth/AuthProvider";
import { authApi } from "#web/auth/auth-api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, Input, SecretField, TextField } from "#web/components/ui/input";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { Loaded } from "#web/components/ui/states";
import { NewPasswordFields, useNewPasswordForm } from "../auth/NewPasswordFields";
import { CreditHistory } from "../credits/CreditHistory";
import { useMay, useMyRole } from "../members/role";
import { useSignOut } from "../shell/useSignOut";
import { ApiKeysCard } from "./ApiKeysCard";
import { DeleteAccountCard } from "./DeleteAccountCard";
import { LeaveBusinessCard } from "./LeaveBusinessCard";

interface Profile {
  id: string;
  email: string;
  fullName: string;
  hasPassword: boolean;
  createdAt: string;
}

export const profileQuery = {
  ...callQuery("GET /api/profile"),
};

export function AccountPage() {
  const account = useQuery(profileQuery);
  const mayKeys = useMay("api-keys.manage");
  const role = useMyRole();
  return (
    <>
      <PageHeader title="My Account" description="Your name, password, sessions and credits." />
      <Loaded query={account} loading="Loading your account..." errorTitle="Your account could not be loaded">
        {(profile) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <ProfileCard profile={profile} />
            {profile.hasPassword ? (
              <ChangePasswordCard />
            ) : (
              <Card>
                <h2 className="text-lg font-semibold">Password</h2>
                <p className="mt-2 text-sm text-muted-foreground">
                  You sign in with Google. To set a password for e-mail sign-in, use "Reset Password" on the
                  login page with {profile.email}.
                </p>
              </Card>
            )}
            <SessionsCard />
            <CreditHistory />
            {mayKeys && <ApiKeysCard />}
            {role && role !== "owner" && <LeaveBusinessCard />}
            <DeleteAccountCard hasPassword={profile.hasPassword} />
          </div>
        )}
      </Loaded>
    </>
  );
}

function ProfileCard({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const [name, setName] = useState(profile.fullName);
  useEffect(() => setName(profile.fullName), [profile.fullName]);
  const save = useMutation({
    mutationFn: (fullName: string) => call("PATCH /api/profile", { body: { fullName } }),
    onSuccess: async (next) => {
      queryClient.setQueryData(profileQuery.queryKey, next);
      await refresh();
      toast.success("Profile Saved", { description: "Your name has been updated." });
    },
    onError: (error) => toast.error("Could not save", { description: (error as Error).message }),
  });
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Profile</h2>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(name);
        }}
      >
        <TextField label="Full name" value={name} maxLength={200} autoComplete="name" onChange={setName} />
        <Field label="Email">{(p) => <Input {...p} value={profile.email} readOnly disabled />}</Field>
        <Button type="submit" busy={save.isPending} disabled={name.trim() === profile.fullName}>
          Save
        </Button>
      </form>
    </Card>
  );
}

function ChangePasswordCard() {
  const [current, setCurrent] = useState("");
  const { pw, error, setError, busy, save } = useNewPasswordForm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current) return setError({ field: "current", message: "Enter your current password." });
    await save({
      send: () => authApi.changePassword(current, pw.password),
      done: "Your other devices have been signed out.",
      after: () => {
        setCurrent("");
        pw.clear();
      },
      failure: (err) =>
        err instanceof ApiError && err.code === AUTH_ERROR.invalidPassword
          ? "Your current password is not correct."
          : err.message,
    });
  }

  const errorOf = (field: string) => (error?.field === field ? error.message : null);
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Change password</h2>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <SecretField
          label="Current password"
          error={errorOf("current")}
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <NewPasswordFields labels={["New password", "Confirm new password"]} state={pw} error={error} />
        <Button type="submit" busy={busy}>
          Change password
        </Button>
      </form>
    </Card>
  );
}

function SessionsCard() {
  const [open, setOpen] = useState(false);
  const { signOut: signOutEverywhere, busy } = useSignOut({ everywhere: true });
  return (
    <Card>
      <h2 className="text-lg font-semibold">Devices</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Signed in on a shared or lost device? Sign out everywhere, including here.
      </p>
      <Button variant="outline" className="mt-4" onClick={() => setOpen(true)}>
        Sign out of all devices
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out of all devices?"
        description="Every device signed in to your account, including this one, will be signed out."
        confirmLabel="Sign out everywhere"
        onConfirm={signOutEverywhere}
        busy={busy}
      />
    </Card>
  );
}
