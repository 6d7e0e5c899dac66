import type { FastifyInstance } from "fastify";
import { IMPORT_MESSAGES } from "#domain/messages";
import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { MAX_IMPORT_BYTES } from "../services/data-file";
import { buildExport, clearUserData, exportFileName, importData } from "../services/data-transfer";
import { publicLinkProof } from "../services/public-link-proof";
import { sendAttachment } from "./attachment";
import { businessRoutes } from "./contract-route";

/** Export, import (all or nothing) and "clear all data" (spec §4, DECISIONS §7). */
export function registerDataRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; config: Config }) {
  const { auth, db } = deps;
  const linkProof = publicLinkProof(deps.config.authSecret);
  const route = businessRoutes(app, auth);

  route("GET /api/export", async (me, _request, reply) => {
    const { file, timeZone } = await buildExport(db, me.businessId, linkProof);
    return sendAttachment(reply, {
      type: "json",
      fileName: exportFileName(new Date(), timeZone),
      body: JSON.stringify(file, null, 2),
    });
  });

  route("POST /api/functions/clear-user-data", async (me) => {
    await clearUserData(db, me.businessId);
    return { success: true };
  });

  // The import body may be 25 MB and is parsed here, in its own scope, so the rest of the API
  // keeps the default limits. JSON.parse makes "__proto__" an ordinary key, and the schemas keep
  // known fields only, so such keys are dropped.
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: MAX_IMPORT_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new AppError("bad_request", IMPORT_MESSAGES.invalidFileFormat), undefined);
        }
      },
    );
    scope.setErrorHandler((error, _request, _reply) => {
      if ((error as { statusCode?: number }).statusCode === 413) {
        throw new AppError("payload_too_large", "This file is larger than 25 MB and cannot be imported.");
      }
      throw error;
    });

    // The import reads the file itself: its messages name the file's own problems (spec §4).
    businessRoutes(scope, auth)(
      "POST /api/import",
      async (me, request) => ({ imported: await importData(db, me.businessId, request.body, linkProof) }),
      { ownBody: true, bodyLimit: MAX_IMPORT_BYTES },
    );
  });
}
