import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { call, queryKeyOf } from "#web/api";
import { Card } from "#web/components/ui/card";
import { CheckboxField } from "#web/components/ui/input";
import { useMay } from "#web/features/members/role";

// The monthly statements switch (decision 0081): on the 1st, last month's statement with its link
// to every client with an e-mail address who owes something. The owner's choice, like settings.

const monthlyKey = queryKeyOf("GET /api/statements/monthly");

export function MonthlyStatementsCard() {
  const may = useMay("settings.write");
  const queryClient = useQueryClient();
  const monthly = useQuery({
    queryKey: monthlyKey,
    queryFn: () => call("GET /api/statements/monthly"),
    enabled: may,
  });
  const save = useMutation({
    mutationFn: (enabled: boolean) => call("PUT /api/statements/monthly", { body: { enabled } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(monthlyKey, answer);
      toast.success(answer.enabled ? "Monthly statements on" : "Monthly statements off");
    },
    onError: (error) => toast.error("Could not save", { description: error.message }),
  });
  if (!may || !monthly.data) return null;
  return (
    <Card className="mb-4 p-3 sm:p-3">
      <CheckboxField
        checked={save.isPending ? (save.variables ?? monthly.data.enabled) : monthly.data.enabled}
        onChange={(enabled) => save.mutate(enabled)}
        label="On the 1st of each month, e-mail last month's statement of account to every client who owes something"
      />
    </Card>
  );
}
