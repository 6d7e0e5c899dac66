import type { z } from "zod";
import { idParams, noFields } from "./common";
import { route } from "./registry";

/**
 * The three routes of a document's public link, the same for every kind that has one: read it,
 * make it, and replace it (the old link stops working). `makeRule` adds what making it also does
 * or needs ("issued invoices only").
 */
export function publicLinkRoutes<const Base extends string, Answer extends z.ZodType>(link: {
  base: Base;
  noun: string;
  tag: string;
  answer: Answer;
  readSummary?: string;
  makeRule?: string;
}) {
  const shared = { tag: link.tag, auth: "user" as const, params: idParams };
  const path = `${link.base}/:id/public-link` as const;
  return [
    route({
      method: "GET",
      path,
      summary: link.readSummary ?? `The ${link.noun}'s public link, if it has one`,
      ...shared,
      responses: { 200: link.answer },
    }),
    route({
      method: "POST",
      path,
      summary: `Make the ${link.noun}'s public link${link.makeRule ? ` (${link.makeRule})` : ""}`,
      ...shared,
      body: noFields,
      responses: { 200: link.answer },
    }),
    route({
      method: "POST",
      path: `${path}/renew` as const,
      summary: `Replace the ${link.noun}'s public link (the old one stops working)`,
      ...shared,
      body: noFields,
      responses: { 200: link.answer },
    }),
  ] as const;
}
