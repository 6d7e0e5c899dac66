import { randomBytes } from "node:crypto";
import type { DocumentRef } from "#domain/document-kinds";
import type { Db } from "#server/db/client";
import { notFound } from "#server/errors";
import { recordEvent } from "./events";
import type { KindConfig, LinkState, Sharing } from "./kind";
import { DOCUMENT_KIND_CONFIG } from "./kinds";

// A document's public link (DECISIONS §10), one path for every kind that has a page: an
// unguessable token (192 bits), made on first use; renewing replaces it and the old link stops
// working at once. Made in one transaction with what sharing does to the document (a draft quote
// becomes sent) and its "link created" event.

const newPublicToken = () => randomBytes(24).toString("base64url");

/** The token's form: what a public route checks before asking the database. */
export const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{32}$/;

function sharingOf(kind: KindConfig): Sharing & { path: string } {
  if (!kind.sharing || !kind.publicPath) throw notFound(kind.title);
  return { ...kind.sharing, path: kind.publicPath };
}

const urlOf = (publicUrl: string, path: string, state: LinkState) =>
  state.token ? `${publicUrl}${path}/${state.token}` : null;

/** The link as it is now (no link yet: a null url). */
export async function readDocumentLink(db: Db, publicUrl: string, businessId: string, document: DocumentRef) {
  const kind = DOCUMENT_KIND_CONFIG[document.kind];
  const sharing = sharingOf(kind);
  const state = await sharing.read(db, businessId, document.id);
  if (!state) throw notFound(kind.title);
  return sharing.present(urlOf(publicUrl, sharing.path, state), state);
}

/** The document's public link, made on first use; `renew` replaces it. */
export async function shareDocumentLink(
  db: Db,
  publicUrl: string,
  businessId: string,
  document: DocumentRef,
  opts: { renew?: boolean } = {},
) {
  const kind = DOCUMENT_KIND_CONFIG[document.kind];
  const sharing = sharingOf(kind);
  return db.transaction(async (tx) => {
    const current = await sharing.read(tx, businessId, document.id, { forUpdate: true });
    if (!current) throw notFound(kind.title);
    const refusal = sharing.refusal?.(current);
    if (refusal) throw refusal;
    if (current.token && !opts.renew)
      return sharing.present(urlOf(publicUrl, sharing.path, current), current);
    await sharing.onShare?.(tx, businessId, current);
    const state = await sharing.setToken(tx, businessId, document.id, newPublicToken());
    if (!state) throw notFound(kind.title);
    await recordEvent(tx, { businessId, document, kind: current.token ? "link_renewed" : "link_created" });
    return sharing.present(urlOf(publicUrl, sharing.path, state), state);
  });
}
