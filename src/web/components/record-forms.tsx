import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { toast } from "sonner";
import { resourceKey } from "#web/api";
import { DialogButtons } from "#web/components/ui/button";
import { Dialog } from "#web/components/ui/lazy-dialog";
import { type FormErrors, showSaveError } from "#web/lib/form";

// What the clients' and the items' pages do alike with one record: a dialog that edits it (or a
// new one) and saves, and a delete that is asked about first. Each reloads the resource's lists.

type Resource = Parameters<typeof resourceKey>[0];
/** The record in the page's words, lower case: "client", "item". Toasts are "Client Added", "Could not save the client". */
type Noun = string;
const titleCase = (noun: Noun) => noun.charAt(0).toUpperCase() + noun.slice(1);

/** Which record the page's dialog edits (none: a new one) and whether it is open. */
export function useEditDialog<R>() {
  const [editing, setEditing] = useState<R | undefined>();
  const [open, setOpen] = useState(false);
  const edit = (record: R | undefined) => {
    setEditing(record);
    setOpen(true);
  };
  return { editing, open, setOpen, edit, openNew: () => edit(undefined) };
}

/**
 * A dialog's form over a record: filled afresh each time the dialog opens (from the record, or
 * blank for a new one), with its errors. Submitting shows what the form's own check finds, or
 * saves; a save reloads the lists, says so and closes the dialog. Spread `dialog` on a RecordDialog.
 */
export function useRecordDialog<R, Form, Body, Saved extends { name: string }>({
  open,
  onOpenChange,
  record,
  formOf,
  resource,
  noun,
  check,
  bodyOf,
  save,
  formKeys,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: R | undefined;
  /** The form for the record, or a blank one (must be a module-level function). */
  formOf: (record: R | undefined) => Form;
  resource: Resource;
  noun: Noun;
  /** The form's own check, before anything is sent: errors by field. */
  check: (form: Form) => FormErrors;
  bodyOf: (form: Form) => Body;
  save: (body: Body) => Promise<Saved>;
  /** The server's field names as the form's, where they differ. */
  formKeys?: (fields: FormErrors) => FormErrors;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(record));
  const [errors, setErrors] = useState<FormErrors>({});
  useEffect(() => {
    if (open) {
      setForm(formOf(record));
      setErrors({});
    }
  }, [open, record, formOf]);
  const saving = useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
      toast.success(`${titleCase(noun)} ${record ? "Updated" : "Added"}`, { description: saved.name });
      onOpenChange(false);
    },
    onError: showSaveError(`Could not save the ${noun}`, setErrors, formKeys),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const onSubmit = () => {
    const found = check(form);
    setErrors(found);
    if (Object.keys(found).length === 0) saving.mutate(bodyOf(form));
  };
  const dialog = { open, onOpenChange, noun, isNew: !record, busy: saving.isPending, onSubmit };
  return { form, set, errors, dialog };
}

/** The dialog that adds a record or edits one: its title, its form, and Cancel beside the save button. */
export function RecordDialog({
  open,
  onOpenChange,
  noun,
  isNew,
  busy,
  onSubmit,
  description,
  children,
}: ReturnType<typeof useRecordDialog>["dialog"] & { description: string; children: ReactNode }) {
  const Noun = titleCase(noun);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${isNew ? "Add" : "Edit"} ${Noun}`}
      description={description}
      className="sm:max-w-2xl"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
        className="space-y-4"
      >
        {children}
        <DialogButtons
          onCancel={() => onOpenChange(false)}
          busy={busy}
          submitLabel={isNew ? `Add ${Noun}` : "Save Changes"}
        />
      </form>
    </Dialog>
  );
}

/**
 * Deleting a record of a list: `ask(record)` opens the confirmation (spread `confirm` on a
 * ConfirmDialog); confirming deletes it, reloads the lists and says what went.
 */
export function useConfirmedDelete<R>({
  resource,
  noun,
  remove,
  deleted,
}: {
  resource: Resource;
  noun: Noun;
  remove: (record: R) => Promise<unknown>;
  /** What the toast says went, once the record is gone. */
  deleted: (record: R) => string;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<R | null>(null);
  const removing = useMutation({
    mutationFn: remove,
    onSuccess: async (_answer, record) => {
      await queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
      toast.success(`${titleCase(noun)} Deleted`, { description: deleted(record) });
      setAsking(null);
    },
    onError: (error) =>
      toast.error(`Could not delete the ${noun}`, { description: (error as Error).message }),
  });
  return {
    asking,
    ask: setAsking,
    confirm: {
      open: asking !== null,
      onOpenChange: (open: boolean) => !open && setAsking(null),
      busy: removing.isPending,
      onConfirm: () => asking && removing.mutate(asking),
    },
  };
}
