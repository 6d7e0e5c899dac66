import { z } from "zod";
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ACTOR_KINDS,
  ACTIVITY_RECORD_KINDS,
  parseActorFilter,
} from "#domain/activity-log";
import { id, isoDate, isoDateTime, page, pageAfter, text } from "./common";
import { routeGroup } from "./registry";

// The activity log of a business (issue 31 phase 3, decision 0077): who did what to which record
// and when, newest first; filtered by actor, action, kind of record and days; also as CSV.

const filterFields = z.object({
  actor: text(200, "Actor")
    .refine((v) => parseActorFilter(v) !== null, "Actor must be system, member:<id> or api_key:<id>.")
    .optional()
    .describe("system, member:<user id> or api_key:<key id> (the ids GET /api/activity/actors lists)"),
  action: z.enum(ACTIVITY_ACTIONS, "Choose an action from the list.").optional(),
  recordKind: z.enum(ACTIVITY_RECORD_KINDS, "Choose a kind of record from the list.").optional(),
  from: isoDate.optional().describe("First day included, in the business's time zone"),
  to: isoDate.optional().describe("Last day included, in the business's time zone"),
});
const daysInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const daysMessage = { path: ["to"], message: "The last day must not be before the first." };

export const activityFilterQuery = filterFields.refine(daysInOrder, daysMessage);

export const activityListQuery = filterFields
  .extend({
    page: z.coerce.number("Page must be a number.").int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number("Page size must be a number.").int().min(1).max(100).default(50),
    after: pageAfter,
  })
  .refine(daysInOrder, daysMessage);

const actorSchema = z.object({
  kind: z.enum(ACTIVITY_ACTOR_KINDS),
  /** The member's user id or the API key's id; null for Bahi itself (jobs). */
  id: z.string().nullable(),
  name: z.string(),
});

export const activityEntrySchema = z.object({
  id,
  actor: actorSchema,
  action: z.enum(ACTIVITY_ACTIONS),
  record: z
    .object({ kind: z.enum(ACTIVITY_RECORD_KINDS), id: z.string().nullable(), label: z.string() })
    .nullable(),
  /** What else the entry keeps: a status change's from and to, a payment's amount, settings' field names. */
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoDateTime,
});
export type ActivityEntry = z.output<typeof activityEntrySchema>;
export type ActivityListQuery = z.input<typeof activityListQuery>;

export const activityActorsAnswer = z.object({ items: z.array(actorSchema) });
export type ActivityActorOption = z.output<typeof actorSchema>;

const activityLog = routeGroup("Activity log");
export const activityLogRoutes = [
  activityLog.get(
    "/api/activity",
    "The business's activity log, newest first (filter by actor, action, record kind, days)",
    { query: activityListQuery, responses: { 200: page(activityEntrySchema) } },
  ),
  activityLog.get(
    "/api/activity/actors",
    "Everyone who appears in the business's activity log, for the actor filter",
    { responses: { 200: activityActorsAnswer } },
  ),
  activityLog.get("/api/activity/export.csv", "The filtered activity log as CSV", {
    query: activityFilterQuery,
    responses: { 200: { contentType: "text/csv", description: "One line per entry, newest first" } },
  }),
];
