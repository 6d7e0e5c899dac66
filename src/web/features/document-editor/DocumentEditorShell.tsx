import { clsx } from "clsx";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import type { useBlocker } from "react-router";
import type { InvoicePageModel } from "#domain/invoice-page";
import type { BusinessAction } from "#domain/roles";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { ActionBarFrame, PageHeader } from "#web/components/ui/page";
import { measurePreviewUpdate } from "#web/features/documents/editor/preview-document";
import { InvoicePreview } from "#web/features/documents/preview/InvoicePreview";
import { useRefusal } from "#web/features/members/role";
import { useMediaQuery } from "#web/lib/useMediaQuery";
import { EditorWriteAction } from "./editor-role";

/**
 * The frame of every document's editor: the page header (status and "Unsaved changes"), the one
 * action bar at the top, the form with its live preview beside it (on a phone: Edit and Preview
 * tabs) and the question before leaving unsaved changes. A kind fills the slots.
 */
export function DocumentEditorShell({
  kind,
  title,
  status,
  headerExtra,
  editor,
  actions,
  above,
  children,
  below,
  onSubmit,
  locked: lockedByDocument = null,
  writeAction = "documents.write",
  page,
  previewEmpty,
  dialogs,
}: {
  /** The document's name in sentences and labels: "invoice", "quote". */
  kind: string;
  title: string;
  /** The status badge of a saved document; null for a new one. */
  status: ReactNode | null;
  /** More beside the status, e.g. the document this one was made from. */
  headerExtra?: ReactNode;
  /** Whether the form has unsaved changes, and the question before leaving them. */
  editor: { dirty: boolean; guard: { blocker: ReturnType<typeof useBlocker> } };
  /** The action bar's buttons. */
  actions: ReactNode;
  /** Cards above the form. */
  above?: ReactNode;
  /** The form's sections. */
  children: ReactNode;
  /** Cards below the form (a saved document's sharing, payments, …). */
  below?: ReactNode;
  /** Enter in the form (not while `locked`). */
  onSubmit: () => void;
  /** Why the document can no longer be changed: the form is shown disabled, under these words. */
  locked?: string | null;
  /**
   * What changing this document needs (decision 0079). A role without it sees the form disabled
   * under the server's words for the refusal, and no button of the bar that would change it.
   */
  writeAction?: BusinessAction;
  /**
   * The page the live preview draws (drawn only once it can be seen); null while there is nothing
   * to draw yet (a note with no line chosen), with `previewEmpty` said instead.
   */
  page: InvoicePageModel | null;
  previewEmpty?: string;
  /**
   * The kind's dialogs, outside the form: a portal's events still bubble through React to the
   * form, so a dialog's own form inside it would submit the editor's too.
   */
  dialogs?: ReactNode;
}) {
  const Kind = kind[0].toUpperCase() + kind.slice(1);
  const locked = useRefusal(writeAction) ?? lockedByDocument;
  const { dirty } = editor;
  const { blocker } = editor.guard;
  const [mobileView, setMobileView] = useState<"edit" | "preview">("edit");
  // On a phone the preview is a tab of its own: it is drawn when first opened, not with the form,
  // so the editor opens sooner. From the lg breakpoint on it sits beside the form, always drawn.
  const wide = useMediaQuery("(min-width: 64rem)");
  const [previewOpened, setPreviewOpened] = useState(false);
  if (mobileView === "preview" && !previewOpened) setPreviewOpened(true);
  // Beside the form the preview stays in view under the app's top bar (3.5 rem) and the action
  // bar, whose height depends on how many actions wrap onto a second row.
  const bar = useRef<HTMLDivElement>(null);
  const [barHeight, setBarHeight] = useState(0);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    setBarHeight(el.offsetHeight);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setBarHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <EditorWriteAction.Provider value={writeAction}>
      <PageHeader
        title={title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {status ?? `A new ${kind}.`}
            {dirty && <span className="text-warning">Unsaved changes</span>}
            {headerExtra}
          </span>
        }
      />
      <ActionBarFrame ref={bar} label={`${Kind} actions`}>
        {actions}
      </ActionBarFrame>

      <div
        role="tablist"
        aria-label="Editor view"
        className="mb-4 grid grid-cols-2 rounded-md border border-border p-1 lg:hidden"
      >
        {(["edit", "preview"] as const).map((view) => (
          <button
            key={view}
            type="button"
            role="tab"
            id={`tab-${view}`}
            aria-selected={mobileView === view}
            aria-controls={`panel-${view}`}
            className={clsx(
              "rounded px-3 py-1.5 text-sm font-medium",
              mobileView === view ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
            )}
            onClick={() => setMobileView(view)}
          >
            {view === "edit" ? "Edit" : "Preview"}
          </button>
        ))}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)]">
        <div
          id="panel-edit"
          className={clsx("min-w-0 space-y-6", mobileView === "edit" ? "block" : "hidden lg:block")}
        >
          {above}
          <form
            aria-label={`${Kind} form`}
            className="space-y-6"
            onSubmit={(e) => {
              e.preventDefault();
              if (locked === null) onSubmit();
            }}
            noValidate
          >
            <fieldset disabled={locked !== null} className="min-w-0 space-y-6">
              {locked !== null && <p className="text-sm text-muted-foreground">{locked}</p>}
              {children}
            </fieldset>
          </form>
          {below}
        </div>

        <div
          id="panel-preview"
          className={clsx("min-w-0", mobileView === "preview" ? "block" : "hidden lg:block")}
        >
          <div className="lg:sticky" style={{ top: `calc(3.5rem + ${barHeight}px + 0.75rem)` }}>
            {page === null ? (
              <Card className="text-sm text-muted-foreground">{previewEmpty}</Card>
            ) : (
              (wide || previewOpened) && (
                <InvoicePreview page={page} onCommit={measurePreviewUpdate} label={`${Kind} preview`} />
              )
            )}
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && blocker.state === "blocked") blocker.reset();
        }}
        title="Leave without saving?"
        description={`You have changes on this ${kind} that are not saved. If you leave now they are lost.`}
        confirmLabel="Leave without saving"
        onConfirm={() => blocker.state === "blocked" && blocker.proceed()}
      />
      {dialogs}
    </EditorWriteAction.Provider>
  );
}
