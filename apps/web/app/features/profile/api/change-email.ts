import type { Profile } from "@nc/contracts/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const changeEmail = (body: { email: string; code: string }) =>
  api<Profile>("/api/tenant/uc/change/email", { method: "POST", body });
export function useChangeEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (profile) => client.setQueryData(["profile"], profile),
  });
}
