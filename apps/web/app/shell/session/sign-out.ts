import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRevalidator } from "react-router";
import { api } from "../http/client";
import { useLocale } from "../i18n/use-locale";

export const signOut = () => api<null>("/api/_auth/session", { method: "DELETE", ignoreAuthError: true });

/** Ends the session on the server, forgets cached data, and goes to sign-in. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { to } = useLocale();
  return useMutation({
    mutationFn: signOut,
    onSettled: async () => {
      queryClient.clear();
      navigate(to("/login"), { replace: true });
      await revalidator.revalidate();
    },
  });
}
