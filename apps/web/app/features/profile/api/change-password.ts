import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const changePassword = (body: { password: string; newPassword: string }) =>
  api<{ changed: boolean }>("/api/tenant/uc/change/password", { method: "POST", body });

// Changing the password clears the stored profile (docs/architecture.md, "Organisations and access").
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => client.removeQueries({ queryKey: ["profile"] }),
  });
}
