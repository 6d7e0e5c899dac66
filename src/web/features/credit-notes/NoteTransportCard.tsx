import { Save } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { Transport } from "#domain/eway-bill";
import { formErrorsOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { TransportSection } from "#web/features/documents/editor/TransportSection";
import { type Note, saveNoteTransport, useInvalidateNotes } from "./api";

// An issued credit note's own Transport section (decision 0090): the goods' way back, saved on
// the note alone (the vehicle is often known only after the note is issued). The invoice's
// Transport section is the invoice's; nothing else of the note changes.

export function NoteTransportCard({ note, onDirty }: { note: Note; onDirty: (dirty: boolean) => void }) {
  const invalidate = useInvalidateNotes();
  const [transport, setTransport] = useState<Transport | undefined>(note.document.transport);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      await saveNoteTransport(note.id, transport ?? null);
      setDirty(false);
      await invalidate();
      toast.success("Transport details saved", { description: note.noteNumber });
    } catch (error) {
      setErrors(formErrorsOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="space-y-3" data-testid="note-transport">
      <TransportSection
        inward
        transport={transport}
        errors={errors}
        dispatch={(action) => {
          if (action.type !== "set" || !("transport" in action.patch)) return;
          setTransport(action.patch.transport);
          setDirty(true);
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" busy={busy} disabled={!dirty} onClick={() => void save()}>
          <Save className="h-4 w-4" aria-hidden="true" />
          Save transport details
        </Button>
        {dirty && <span className="text-sm text-muted-foreground">Unsaved changes</span>}
      </div>
      {errors.form && (
        <p className="text-sm text-destructive" role="alert">
          {errors.form}
        </p>
      )}
    </Card>
  );
}
