import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2, Check, ChevronDown, Pencil, Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { BusinessAnswer } from "#contract/businesses";
import { ApiError, call, callQuery } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Input } from "#web/components/ui/input";

// The business switcher in the sidebar's header (decision 0072): the current business, the
// person's others to switch to, and forms to rename the current one and make a new one. A
// disclosure rather than a menu, so it works the same inside the phone's drawer.

export const businessesQuery = {
  ...callQuery("GET /api/businesses"),
};

type Form = "none" | "rename" | "create";

export function BusinessSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const { data } = useQuery(businessesQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>("none");
  const panelId = useId();
  const list = data?.businesses ?? [];
  const current = list.find((b) => b.current);

  const switchTo = useMutation({
    mutationFn: (id: string) => call("POST /api/businesses/:id/switch", { params: { id }, body: {} }),
    onSuccess: async (business) => {
      setOpen(false);
      setForm("none");
      onSwitched?.();
      navigate("/dashboard");
      // Nothing of the business left behind: every cached answer is dropped, the shown ones reload.
      await queryClient.resetQueries();
      toast.success(`Now working in ${business.name}`);
    },
    onError: (error) => toast.error(messageOf(error)),
  });

  return (
    <div className="relative">
      <button
        type="button"
        className="flex w-full min-w-0 items-center gap-2 rounded-md px-3 py-2 text-left hover:bg-muted"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Building2 className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block text-xs text-muted-foreground">Business</span>
          <span className="block truncate font-semibold" data-testid="current-business">
            {current?.name ?? "…"}
          </span>
        </span>
        <ChevronDown
          className={`h-4 w-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`}
          aria-hidden="true"
        />
        <span className="sr-only">Switch business</span>
      </button>
      {open && (
        <div id={panelId} className="mt-1 space-y-2 rounded-md border border-border bg-card p-2">
          <ul aria-label="Your businesses" className="space-y-1">
            {list.map((b) => (
              <li key={b.id}>
                <button
                  type="button"
                  className="flex w-full min-w-0 items-center gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-muted disabled:opacity-60"
                  aria-current={b.current ? "true" : undefined}
                  disabled={switchTo.isPending}
                  onClick={() => (b.current ? setOpen(false) : switchTo.mutate(b.id))}
                >
                  <Check className={`h-4 w-4 shrink-0 ${b.current ? "" : "invisible"}`} aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate">{b.name}</span>
                  {b.current && <span className="sr-only">(current)</span>}
                </button>
              </li>
            ))}
          </ul>
          {form === "none" && (
            <div className="flex flex-wrap gap-1 border-t border-border pt-2">
              {current?.role === "owner" && (
                <Button variant="ghost" size="sm" onClick={() => setForm("rename")}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  Rename
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => setForm("create")}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                New business
              </Button>
            </div>
          )}
          {form === "rename" && current && (
            <NameForm
              label="New name"
              initial={current.name}
              submitLabel="Save name"
              onCancel={() => setForm("none")}
              submit={(name) =>
                call("PATCH /api/businesses/:id", { params: { id: current.id }, body: { name } })
              }
              onDone={async (b) => {
                setForm("none");
                await queryClient.invalidateQueries({ queryKey: businessesQuery.queryKey });
                toast.success(`Renamed to ${b.name}`);
              }}
            />
          )}
          {form === "create" && (
            <NameForm
              label="Business name"
              initial=""
              submitLabel="Create"
              onCancel={() => setForm("none")}
              submit={(name) => call("POST /api/businesses", { body: { name } })}
              onDone={async (b) => {
                await queryClient.invalidateQueries({ queryKey: businessesQuery.queryKey });
                toast.success(`${b.name} created: it starts empty, with 0 credits`);
                switchTo.mutate(b.id);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}

function NameForm({
  label,
  initial,
  submitLabel,
  onCancel,
  submit,
  onDone,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  onCancel: () => void;
  submit: (name: string) => Promise<BusinessAnswer>;
  onDone: (business: BusinessAnswer) => Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const save = useMutation({
    mutationFn: submit,
    onSuccess: onDone,
    onError: (e) => setError(e instanceof ApiError && e.fields?.name ? e.fields.name : messageOf(e)),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(name);
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2 border-t border-border pt-2" noValidate>
      <label htmlFor={inputId} className="block text-xs font-medium">
        {label}
      </label>
      <Input
        id={inputId}
        value={name}
        maxLength={120}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="text-xs text-destructive" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-1">
        <Button type="submit" size="sm" busy={save.isPending}>
          {submitLabel}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : "Something went wrong. Please try again.";
