import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError, call } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { businessesQuery } from "../members/role";

/** A member who is not an owner leaves the current business (decision 0076). */
export function LeaveBusinessCard() {
  const { data } = useQuery(businessesQuery);
  const current = data?.businesses.find((b) => b.current);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => call("POST /api/members/leave", { body: {} }),
    onSuccess: () => {
      queryClient.clear();
      toast.success(`You left ${current?.name ?? "the business"}`);
      navigate("/dashboard", { replace: true });
    },
    onError: (e) => {
      setConfirming(false);
      toast.error(e instanceof ApiError ? e.message : String(e));
    },
  });
  if (!current) return null;
  return (
    <Card>
      <h2 className="text-lg font-semibold">Leave {current.name}</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        You stop working in this business. An owner can invite you again.
      </p>
      <Button variant="outline" className="mt-4" onClick={() => setConfirming(true)}>
        Leave this business
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Leave ${current.name}?`}
        description="You lose access to its invoices, clients and reports at once."
        confirmLabel="Leave"
        busy={leave.isPending}
        onConfirm={() => leave.mutate()}
      />
    </Card>
  );
}
