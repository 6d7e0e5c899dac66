import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

// The proof beside each public link in the export file (decision 0087): an HMAC-SHA256 of the
// business, the document's kind and the token, under a key derived from AUTH_SECRET with HKDF. The
// import keeps a link only when its proof is this server's for the importing business, so a file
// can give a business back its own links (export -> clear -> import) but never take over a link
// that another business sent, or revoked, by writing its token into a file.

export type LinkKind = "invoice" | "quote" | "statement";

export interface PublicLinkProof {
  prove(businessId: string, kind: LinkKind, token: string): string;
  verify(businessId: string, kind: LinkKind, token: string, proof: string): boolean;
}

export function publicLinkProof(authSecret: string): PublicLinkProof {
  const key = Buffer.from(hkdfSync("sha256", authSecret, "bahi-public-links", "export-file", 32));
  const mac = (businessId: string, kind: LinkKind, token: string) =>
    createHmac("sha256", key).update(`${businessId}\n${kind}\n${token}`).digest();
  return {
    prove: (businessId, kind, token) => mac(businessId, kind, token).toString("base64url"),
    verify(businessId, kind, token, proof) {
      const given = Buffer.from(proof, "base64url");
      const expected = mac(businessId, kind, token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
