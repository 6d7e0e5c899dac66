import { z } from "zod";
import { BUSINESS_NAME_MAX, BUSINESS_ROLES } from "#domain/businesses";
import { idParams, text } from "./common";
import { routeGroup } from "./registry";

// Businesses (issue 31 phase 1, decision 0072): a login works in one or more businesses, one at a
// time (the session's current business); each has its own data, settings, series and credits.

export const businessName = text(BUSINESS_NAME_MAX, "Name").pipe(
  z.string().refine((name) => name.trim().length > 0, "Name is required."),
);

export const businessInput = z.object({ name: businessName });

export const businessAnswer = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(BUSINESS_ROLES),
  /** The business this session works in. */
  current: z.boolean(),
  createdAt: z.string(),
});
export type BusinessAnswer = z.output<typeof businessAnswer>;

const businesses = routeGroup("Businesses");
export const businessRoutes = [
  businesses.get("/api/businesses", "The signed-in person's businesses, the current one marked", {
    responses: { 200: z.object({ businesses: z.array(businessAnswer) }) },
  }),
  businesses.post(
    "/api/businesses",
    "Create a business (empty, 0 credits; the person is its owner); it does not become current",
    { body: businessInput, responses: { 201: businessAnswer } },
  ),
  businesses.patch("/api/businesses/:id", "Rename a business (owners only)", {
    params: idParams,
    body: businessInput,
    responses: { 200: businessAnswer },
  }),
  businesses.post("/api/businesses/:id/switch", "Make a business of the person's the session's current one", {
    params: idParams,
    body: z.object({}),
    responses: { 200: businessAnswer },
  }),
];
