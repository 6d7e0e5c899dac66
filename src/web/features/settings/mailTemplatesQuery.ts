import { queryKeyOf } from "#web/api";

// The e-mail templates' query, shared by Settings and the editor's send dialog (kept apart from
// the Settings card so the editor does not load it).
export const MAIL_TEMPLATES_KEY = queryKeyOf("GET /api/settings/mail-templates");
export const MAIL_TEMPLATES_PATH = "/api/settings/mail-templates";
