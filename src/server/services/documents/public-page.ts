import type { DocumentKind } from "#domain/document-kinds";
import type { Db } from "#server/db/client";
import { findImage } from "#server/db/queries/images";
import { notFound } from "#server/errors";
import type { BusinessGateways } from "../business-gateway";
import { recordView } from "./events";
import type { PublicRow } from "./kind";
import { DOCUMENT_KIND_CONFIG } from "./kinds";
import { PUBLIC_TOKEN } from "./share-link";

// The public page of a document (`/i/<token>`, `/q/<token>`, ...): the client never signs in, the
// link is the key (docs/decisions/0027-public-invoice-page.md). One path for every kind with a
// page; the kind draws it (`kind` is the one that serves the path: the quote's page at /q/ finds a
// proforma or a challan too, and the row says which it is).

function pageOf(kind: DocumentKind) {
  const page = DOCUMENT_KIND_CONFIG[kind].publicPage;
  if (!page) throw new Error(`A ${kind} has no public page.`);
  return page;
}

/** The document behind a public link; none for a wrong or revoked token, or a draft. */
export async function findPublicDocument(db: Db, kind: DocumentKind, token: string) {
  if (!PUBLIC_TOKEN.test(token)) return undefined;
  const row = await pageOf(kind).find(db, token);
  return row && row.status !== "draft" ? row : undefined;
}

/** A view counts unless the signed-in owner is looking at their own document. */
async function notePublicView(db: Db, kind: DocumentKind, row: PublicRow, viewerId: string | null) {
  if (viewerId === row.businessId) return;
  await pageOf(kind).countView?.(db, row);
  await recordView(db, { businessId: row.businessId, document: { kind: row.kind ?? kind, id: row.id } });
}

/**
 * The page's HTML, or undefined when the link does not work. `viewerId` is null for a HEAD
 * (a link preview is not somebody reading it) and for a visitor who is not signed in.
 */
export async function publicPageHtml(
  deps: { db: Db; gateways: BusinessGateways },
  kind: DocumentKind,
  token: string,
  view: { counts: boolean; viewerId: () => Promise<string | null>; query?: { paid?: string } },
): Promise<string | undefined> {
  const row = await findPublicDocument(deps.db, kind, token);
  if (!row) return undefined;
  if (view.counts) await notePublicView(deps.db, kind, row, await view.viewerId());
  return pageOf(kind).render(deps, row, token, view.query);
}

/** One of the company's images the page shows (logo, signature, UPI code). */
export async function publicPageImage(db: Db, kind: DocumentKind, token: string, name: string) {
  const row = await findPublicDocument(db, kind, token);
  if (!row) throw notFound(DOCUMENT_KIND_CONFIG[kind].title);
  const id = pageOf(kind).imageIds(row)[name] ?? null;
  const image = id ? await findImage(db, row.businessId, id) : undefined;
  if (!image) throw notFound("Image");
  return image;
}

/** The page's script. */
export const publicPageScript = (kind: DocumentKind) => pageOf(kind).script;
