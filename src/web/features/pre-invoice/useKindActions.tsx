import { useState } from "react";
import { toast } from "sonner";
import type { useDocumentEditor } from "#web/features/document-editor/useDocumentEditor";
import type { useSavedDocument } from "#web/features/document-editor/useSavedDocument";
import type { KindDoc, KindEditorInput, useKindCommands, WebKind } from "./api";
import type { KindAction } from "./KindActionBar";
import { KindConfirmDialog, MOVED } from "./KindConfirmDialog";
import { useKindSharing } from "./useKindSharing";

/**
 * What the proforma's and challan's action bar does: save; issue, mark sent, return (a status
 * move, the edits saved first); convert; send, WhatsApp and copy the link; cancel and delete after
 * a question. `dialogs` are the question and the send dialog.
 */
export function useKindActions(
  kind: WebKind,
  editor: ReturnType<typeof useDocumentEditor<KindAction>>,
  record: ReturnType<typeof useSavedDocument<KindDoc, KindEditorInput>>,
  commands: ReturnType<typeof useKindCommands>,
) {
  const { run, busy } = editor;
  const { saved, adopt, savedNow } = record;
  const [confirm, setConfirm] = useState<"delete" | "cancelled" | null>(null);
  const sharing = useKindSharing(kind, saved, async (next) => {
    adopt(next);
    await commands.invalidate();
  });

  const done = (what: string) => (next: KindDoc) => {
    adopt(next);
    toast.success(what, { description: next.number });
  };

  function onAction(name: KindAction) {
    if (name === "save") return void run("save", record.save);
    if (name === "delete" || name === "cancelled") return setConfirm(name);
    void run(name, async () => {
      const current = await savedNow();
      if (name === "issued" || name === "sent" || name === "returned")
        done(MOVED[name])(await commands.move(current.id, name));
      else if (name === "convert")
        record.openInvoice((await commands.convert([current.id])).invoice, kind === "challan");
      else await sharing.share(name, current);
    });
  }

  const confirmed = () =>
    void (
      confirm === "cancelled"
        ? saved &&
          run("cancelled", async () => done(MOVED.cancelled)(await commands.move(saved.id, "cancelled")))
        : record.remove(commands.remove)
    )?.finally(() => setConfirm(null));

  const dialogs = (
    <>
      <KindConfirmDialog
        kind={kind}
        saved={saved}
        confirm={confirm}
        busy={busy === confirm}
        onClose={() => setConfirm(null)}
        onConfirm={confirmed}
      />
      {sharing.dialog}
    </>
  );
  return { sharing, onAction, dialogs };
}
