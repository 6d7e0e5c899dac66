import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { todayInTimeZone } from "#domain/dates";
import type { Settings } from "#domain/settings";
import { EditorLoadFailed, EditorLoading } from "#web/features/document-editor/EditorPageStates";
import { useSettings } from "../settings/useSettings";
import {
  inputFromKind,
  type KindDoc,
  kindQuery,
  newKindInput,
  nextKindNumberQuery,
  type WebKind,
} from "./api";
import { KindEditor } from "./KindEditor";
import { WEB_KINDS } from "./kinds";

/** /proforma-invoices/new, /delivery-challans/:id, …: keyed by id so another opens afresh. */
function KindEditorPage({ kind }: { kind: WebKind }) {
  const { id } = useParams();
  return id && id !== "new" ? <EditExisting key={id} kind={kind} id={id} /> : <CreateNew kind={kind} />;
}

export const ProformaEditorPage = () => <KindEditorPage kind="proforma" />;
export const ChallanEditorPage = () => <KindEditorPage kind="challan" />;

function CreateNew({ kind }: { kind: WebKind }) {
  const { settings, isLoading } = useSettings();
  const today = isLoading ? "" : todayInTimeZone(new Date(), settings.timeZone);
  const next = useQuery({ ...nextKindNumberQuery(kind, today), enabled: !isLoading });
  if (isLoading || next.isPending) return <EditorLoading title={WEB_KINDS[kind].newTitle} />;
  return <NewEditor kind={kind} settings={settings} number={next.data?.number ?? ""} today={today} />;
}

function NewEditor({
  kind,
  settings,
  number,
  today,
}: {
  kind: WebKind;
  settings: Settings;
  number: string;
  today: string;
}) {
  const [initial] = useState(() => newKindInput(kind, settings, number, today));
  return <KindEditor kind={kind} doc={null} initialInput={initial} settings={settings} />;
}

function EditExisting({ kind, id }: { kind: WebKind; id: string }) {
  const config = WEB_KINDS[kind];
  const { settings, isLoading } = useSettings();
  const doc = useQuery(kindQuery(kind, id));
  if (doc.isError)
    return (
      <EditorLoadFailed
        title={config.one}
        error={doc.error}
        noun={config.noun}
        back={{ to: config.path, label: `Back to all ${config.plural.toLowerCase()}` }}
      />
    );
  if (isLoading || !doc.data) return <EditorLoading title={config.one} />;
  return <ExistingEditor kind={kind} doc={doc.data} settings={settings} />;
}

function ExistingEditor({ kind, doc, settings }: { kind: WebKind; doc: KindDoc; settings: Settings }) {
  const [initial] = useState(() => inputFromKind(doc));
  return <KindEditor kind={kind} doc={doc} initialInput={initial} settings={settings} />;
}
