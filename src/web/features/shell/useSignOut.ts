import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useAuth } from "#web/auth/AuthProvider";
import { authApi } from "#web/auth/auth-api";

/**
 * Signs out (`everywhere`: every device's session too), forgets cached data and goes to /auth;
 * 'Sign out Failed' when the server says no.
 */
export function useSignOut({ everywhere = false } = {}) {
  const { setSignedOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await (everywhere ? authApi.signOutEverywhere() : authApi.signOut());
      setSignedOut();
      queryClient.clear();
      navigate("/auth", { replace: true });
    } catch (error) {
      toast.error("Sign out Failed", { description: (error as Error).message || "Something went wrong" });
    } finally {
      setBusy(false);
    }
  };
  return { signOut, busy };
}
