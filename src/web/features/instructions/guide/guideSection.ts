import type { ReactNode } from "react";

/** One chapter of the user guide; `id` is its anchor in the table of contents. */
export interface GuideSection {
  id: string;
  title: string;
  body: ReactNode;
}
