import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { authApi, type SessionInfo, type SessionUser } from "./auth-api";

interface AuthState {
  user: SessionUser | null;
  session: SessionInfo["session"] | null;
  loading: boolean;
  /** Reads the session again from the server (after sign-in, sign-out, profile change). */
  refresh: () => Promise<SessionUser | null>;
  setSignedOut: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

let earlySession: Promise<SessionInfo | null> | undefined;

/** Starts reading the session before React first renders (main.tsx), so the answer comes sooner. */
export function prefetchSession(): Promise<SessionInfo | null> {
  const session = authApi.getSession();
  session.catch(() => {});
  earlySession = session;
  return session;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<SessionInfo | null>(null);
  const [loading, setLoading] = useState(true);

  const refresh = useCallback(async () => {
    try {
      const next = await authApi.getSession();
      setInfo(next ?? null);
      return next?.user ?? null;
    } catch {
      setInfo(null);
      return null;
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    // The first answer renders the whole page: as a transition, React renders it in small slices
    // and the phone stays responsive meanwhile (the loader stays up until it is ready, as before).
    const first = earlySession ?? authApi.getSession();
    earlySession = undefined;
    first.then(
      (next) =>
        startTransition(() => {
          setInfo(next ?? null);
          setLoading(false);
        }),
      () =>
        startTransition(() => {
          setInfo(null);
          setLoading(false);
        }),
    );
    // Another tab signing in or out shows up when this tab is looked at again.
    const onFocus = () => void refresh();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [refresh]);

  const value = useMemo<AuthState>(
    () => ({
      user: info?.user ?? null,
      session: info?.session ?? null,
      loading,
      refresh,
      setSignedOut: () => setInfo(null),
    }),
    [info, loading, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}

/** The name to greet: full name, else the part of the e-mail before the at-sign, else 'User'. */
export function displayName(user: Pick<SessionUser, "name" | "email"> | null): string {
  if (user?.name?.trim()) return user.name.trim();
  const local = user?.email?.split("@")[0];
  return local || "User";
}
