import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ROLE_LABELS } from "#domain/roles";
import { ApiError, call, callQuery } from "#web/api";

// An invitation's link opens /auth?invitation=<token> (decision 0076). The token is kept in this
// browser while the person signs in, or signs up and confirms their address (the confirmation link
// may open in another tab), and the app accepts it as soon as it is signed in.

const KEY = "bahi.invitation";

/** Keeps the token of the page's link; safe to call on every render. */
export function rememberInvitation(token: string | null) {
  if (!token) return;
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode): the link must then be opened again once signed in.
  }
}

function takeInvitation(): string | null {
  try {
    const token = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return token;
  } catch {
    return null;
  }
}

/** On the sign-in page: who invites the person, to what, and with which address to sign in. */
export function InvitationNotice({ token }: { token: string }) {
  const { data, error } = useQuery({
    ...callQuery("GET /api/invitations/:token", { params: { token } }),
    retry: false,
  });
  if (error) {
    return (
      <p role="alert" className="mb-4 rounded-md border border-border bg-card p-3 text-sm">
        This invitation link is not valid. Ask the business's owner for a new one.
      </p>
    );
  }
  if (!data) return null;
  return (
    <p role="status" className="mb-4 rounded-md border border-primary/40 bg-card p-3 text-sm">
      {data.state === "pending" ? (
        <>
          You are invited to join <strong>{data.businessName}</strong> as{" "}
          {ROLE_LABELS[data.role].toLowerCase()}. Sign in, or create your account, with{" "}
          <strong>{data.email}</strong> to accept.
        </>
      ) : (
        <>
          This invitation to {data.businessName} can no longer be used ({data.state}). Ask the owner for a new
          one.
        </>
      )}
    </p>
  );
}

/** Signed in with an invitation kept: join its business and work there. */
export function useAcceptKeptInvitation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = takeInvitation();
    if (!token) return;
    call("POST /api/invitations/:token/accept", { params: { token }, body: {} })
      .then((joined) => {
        // Everything shown so far was another business's: drop it all.
        queryClient.clear();
        toast.success(`You joined ${joined.businessName} as ${ROLE_LABELS[joined.role].toLowerCase()}`);
        navigate("/dashboard", { replace: true });
      })
      .catch((e: unknown) => {
        toast.error("Could not accept the invitation", {
          description: e instanceof ApiError ? e.message : String(e),
        });
      });
  }, [queryClient, navigate]);
}
