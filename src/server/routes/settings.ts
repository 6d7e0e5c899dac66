import type { FastifyInstance } from "fastify";
import { cleanSettingsForSave, settingsSchema } from "#domain/settings";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { presentSettings } from "../presenters/settings";
import { saveUserSettings, settingsForEditing } from "../services/settings";
import { parseBody } from "./validate";

/** GET merges the saved settings over the defaults; PUT validates, cleans and saves them whole. */
export function registerSettingsRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  app.get("/api/settings", async (request) => {
    const me = await requireUser(auth, request);
    return presentSettings(await settingsForEditing(db, me.id));
  });

  app.put("/api/settings", async (request) => {
    const me = await requireUser(auth, request);
    const body =
      request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
    const settings = parseBody(settingsSchema, cleanSettingsForSave(body));
    return presentSettings(await saveUserSettings(db, me.id, settings));
  });
}
