import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type Resource, resourceKey } from "#web/api";

/**
 * Reloads every query of the named resources once a change has been saved: what a change can
 * affect (an invoice's payments, stock, the dashboard) is said once, in the list passed here.
 */
export function useInvalidate(...resources: Resource[]) {
  const queryClient = useQueryClient();
  const names = resources.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `names` stands for `resources`, a new array each render.
  return useCallback(
    () => Promise.all(resources.map((r) => queryClient.invalidateQueries({ queryKey: resourceKey(r) }))),
    [queryClient, names],
  );
}
