import type { z } from "zod";
import { idParams, noFields } from "./common";
import type { RouteGroup } from "./registry";

/**
 * The three routes of a document's public link, the same for every kind that has one: read it,
 * make it, and replace it (the old link stops working). `makeRule` adds what making it also does
 * or needs ("issued invoices only").
 */
export function publicLinkRoutes<const Base extends string, Answer extends z.ZodType>(
  group: RouteGroup,
  link: { base: Base; noun: string; answer: Answer; readSummary?: string; makeRule?: string },
) {
  const path = `${link.base}/:id/public-link` as const;
  const answers = { 200: link.answer };
  return [
    group.get(path, link.readSummary ?? `The ${link.noun}'s public link, if it has one`, {
      params: idParams,
      responses: answers,
    }),
    group.post(path, `Make the ${link.noun}'s public link${link.makeRule ? ` (${link.makeRule})` : ""}`, {
      params: idParams,
      body: noFields,
      responses: answers,
    }),
    group.post(`${path}/renew`, `Replace the ${link.noun}'s public link (the old one stops working)`, {
      params: idParams,
      body: noFields,
      responses: answers,
    }),
  ] as const;
}
