import type { BusinessAnswer } from "#contract/businesses";
import type { MyBusiness } from "../db/queries/businesses";

/** A business as its member sees it (src/contract/businesses.ts). */
export function presentBusiness(b: MyBusiness, currentId: string | null): BusinessAnswer {
  return {
    id: b.id,
    name: b.name,
    role: b.role,
    current: b.id === currentId,
    createdAt: b.createdAt.toISOString(),
  };
}
