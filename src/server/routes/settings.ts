import type { FastifyInstance } from "fastify";
import { cleanSettingsForSave } from "#domain/settings";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { presentSettings } from "../presenters/settings";
import { saveUserSettings, settingsForEditing } from "../services/settings";
import { businessRoutes } from "./contract-route";

/** GET merges the saved settings over the defaults; PUT validates, cleans and saves them whole. */
export function registerSettingsRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  route("GET /api/settings", async (me) => {
    return presentSettings(await settingsForEditing(db, me.businessId));
  });

  route(
    "PUT /api/settings",
    async (me, request) => {
      return presentSettings(await saveUserSettings(db, me.businessId, request.body));
    },
    {
      prepareBody: (body) =>
        cleanSettingsForSave(body && typeof body === "object" ? (body as Record<string, unknown>) : {}),
    },
  );
}
