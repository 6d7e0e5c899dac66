import { z } from "zod";
import { BUSINESS_NAME_MAX, BUSINESS_ROLES } from "#domain/businesses";
import { idParams, text } from "./common";
import { route } from "./registry";

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

const tag = "Businesses";
export const businessRoutes = [
  route({
    method: "GET",
    path: "/api/businesses",
    summary: "The signed-in person's businesses, the current one marked",
    tag,
    auth: "user",
    responses: { 200: z.object({ businesses: z.array(businessAnswer) }) },
  }),
  route({
    method: "POST",
    path: "/api/businesses",
    summary: "Create a business (empty, 0 credits; the person is its owner); it does not become current",
    tag,
    auth: "user",
    body: businessInput,
    responses: { 201: businessAnswer },
  }),
  route({
    method: "PATCH",
    path: "/api/businesses/:id",
    summary: "Rename a business (owners only)",
    tag,
    auth: "user",
    params: idParams,
    body: businessInput,
    responses: { 200: businessAnswer },
  }),
  route({
    method: "POST",
    path: "/api/businesses/:id/switch",
    summary: "Make a business of the person's the session's current one",
    tag,
    auth: "user",
    params: idParams,
    body: z.object({}),
    responses: { 200: businessAnswer },
  }),
];
