import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { todayInTimeZone } from "#domain/dates";
import { LOADING_TEXTS } from "#domain/messages";
import type { Settings } from "#domain/settings";
import { ApiError } from "#web/api";
import { Card, Spinner } from "#web/components/ui/card";
import { PageHeader } from "#web/components/ui/page";
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

function Loading({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Spinner label={LOADING_TEXTS.loadingSettings} />
    </>
  );
}

function CreateNew({ kind }: { kind: WebKind }) {
  const { settings, isLoading } = useSettings();
  const today = isLoading ? "" : todayInTimeZone(new Date(), settings.timeZone);
  const next = useQuery({ ...nextKindNumberQuery(kind, today), enabled: !isLoading });
  if (isLoading || next.isPending) return <Loading title={WEB_KINDS[kind].newTitle} />;
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
  if (doc.isError) {
    const notFound = doc.error instanceof ApiError && doc.error.status === 404;
    return (
      <>
        <PageHeader title={config.one} />
        <Card role="alert">
          <p className="font-medium">
            {notFound ? `This ${config.noun} does not exist or was deleted.` : doc.error.message}
          </p>
          <Link to={config.path} className="mt-2 inline-block text-primary underline">
            Back to all {config.plural.toLowerCase()}
          </Link>
        </Card>
      </>
    );
  }
  if (isLoading || !doc.data) return <Loading title={config.one} />;
  return <ExistingEditor kind={kind} doc={doc.data} settings={settings} />;
}

function ExistingEditor({ kind, doc, settings }: { kind: WebKind; doc: KindDoc; settings: Settings }) {
  const [initial] = useState(() => inputFromKind(doc));
  return <KindEditor kind={kind} doc={doc} initialInput={initial} settings={settings} />;
}
