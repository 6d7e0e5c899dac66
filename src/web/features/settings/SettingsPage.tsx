import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { fieldErrors } from "#contract/common";
import { SETTINGS_MESSAGES } from "#domain/messages";
import { type Settings, settingsSchema } from "#domain/settings";
import { ApiError, call } from "#web/api";
import { useAuth } from "#web/auth/AuthProvider";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { PageHeader } from "#web/components/ui/page";
import { DataManagement } from "./DataManagement";
import { GstRegistrationCard } from "./GstRegistrationCard";
import { MailTemplatesCard } from "./MailTemplatesCard";
import { OnlinePayments } from "./OnlinePayments";
import { RemindersCard } from "./RemindersCard";
import { AppearanceSection, BankSection, CompanySection, InvoiceSection } from "./sections";
import { clearDraft, SETTINGS_QUERY_KEY, useSettings, writeDraft } from "./useSettings";

export type SettingsForm = Omit<Settings, "defaultDueDateDays"> & { defaultDueDateDays: string };
export type FieldErrors = Record<string, string>;

const toForm = (s: Settings): SettingsForm => ({ ...s, defaultDueDateDays: String(s.defaultDueDateDays) });

export function SettingsPage() {
  const { user } = useAuth();
  const { settings, hasLocalDraft } = useSettings();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SettingsForm>(() => toForm(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const initial = useMemo(() => JSON.stringify(toForm(settings)), [settings]);
  const dirty = JSON.stringify(form) !== initial;

  // A fresh copy from the server (after an import, say) replaces an untouched form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the saved settings change
  useEffect(() => {
    if (!dirty) setForm(toForm(settings));
  }, [initial]);

  const save = useMutation({
    mutationFn: (next: Settings): Promise<Settings> => call("PUT /api/settings", { body: next }),
    onSuccess: (saved) => {
      if (user) clearDraft(user.id);
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      setForm(toForm(saved));
      setErrors({});
      toast.success(SETTINGS_MESSAGES.settingsSavedTitle, {
        description: "Your defaults are used for new invoices.",
      });
    },
    onError: (error, next) => {
      if (error instanceof ApiError && error.code === "unauthorized") {
        toast.error(SETTINGS_MESSAGES.errorTitle, { description: SETTINGS_MESSAGES.userNotAuthenticated });
        return;
      }
      if (error instanceof ApiError && error.code === "validation_failed" && error.fields) {
        setErrors(error.fields);
        toast.error(SETTINGS_MESSAGES.settingsSaveErrorTitle, { description: error.message });
        return;
      }
      // The server could not take them: keep the changes on this device and offer to try again.
      if (user) writeDraft(user.id, next);
      toast.error(SETTINGS_MESSAGES.settingsSaveErrorTitle, {
        description: SETTINGS_MESSAGES.settingsSaveError,
        duration: 10_000,
        action: { label: "Retry", onClick: () => save.mutate(next) },
      });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) {
      toast.error(SETTINGS_MESSAGES.errorTitle, { description: SETTINGS_MESSAGES.userNotAuthenticated });
      return;
    }
    const parsed = settingsSchema.safeParse(form);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      toast.error(SETTINGS_MESSAGES.settingsSaveErrorTitle, {
        description: `Please check ${Object.keys(found).length === 1 ? "the highlighted field" : "the highlighted fields"}.`,
      });
      document.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setBank = <K extends keyof Settings["bankDetails"]>(key: K, value: Settings["bankDetails"][K]) =>
    setForm((f) => ({ ...f, bankDetails: { ...f.bankDetails, [key]: value } }));
  const sectionProps = { form, errors, set, setBank };

  return (
    <>
      <PageHeader title="Settings" description="Company defaults, appearance, bank details and your data." />
      {hasLocalDraft && (
        <Card className="mb-6 border-warning" role="status">
          <p className="text-sm">
            Some changes could not be saved to the server and are kept on this device only.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" busy={save.isPending} onClick={() => save.mutate(settingsSchema.parse(form))}>
              Retry saving
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                if (user) clearDraft(user.id);
                void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
                setForm(toForm(queryClient.getQueryData<Settings>(SETTINGS_QUERY_KEY) ?? settings));
              }}
            >
              Discard local changes
            </Button>
          </div>
        </Card>
      )}
      <form onSubmit={submit} noValidate className="space-y-6" aria-label="Settings">
        <CompanySection {...sectionProps} />
        <AppearanceSection {...sectionProps} />
        <BankSection {...sectionProps} />
        <InvoiceSection {...sectionProps} />
        <GstRegistrationCard form={form} errors={errors} set={set} />
        <div className="sticky bottom-0 z-10 -mx-3 flex items-center justify-end gap-3 border-t border-border bg-background/95 px-3 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
          {dirty && <span className="text-sm text-muted-foreground">Unsaved changes</span>}
          <Button type="submit" busy={save.isPending}>
            <Save className="h-4 w-4" aria-hidden="true" />
            Save Settings
          </Button>
        </div>
      </form>
      <div className="mt-6 space-y-6">
        <OnlinePayments />
        <RemindersCard />
        <MailTemplatesCard />
        <DataManagement />
      </div>
    </>
  );
}
