import type { CreatePartnerBody, OperatorPartnerView, UpdatePartnerBody } from "@nc/contracts/operator";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/operator/partners (a new site) or /api/operator/partners/:id (the fields given change). */
export const savePartner = ({ id, body }: { id?: string; body: CreatePartnerBody | UpdatePartnerBody }) =>
  api<OperatorPartnerView>(
    id ? `/api/operator/partners/${encodeURIComponent(id)}` : "/api/operator/partners",
    {
      method: "POST",
      body,
    },
  );

export function useSavePartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePartner,
    onSuccess: () => client.invalidateQueries({ queryKey: ["operator"] }),
  });
}
