import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from "@nc/contracts/two-factor";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** Two-factor sign-in of the signed-in person (docs/security.md, "Two-factor sign-in"). */
export const twoFactorQuery = () =>
  queryOptions({ queryKey: ["two-factor"], queryFn: () => api<TwoFactorStatus>("/api/tenant/uc/2fa") });
export const useTwoFactorStatus = () => useQuery(twoFactorQuery());

export const useTwoFactorSetup = () =>
  useMutation({ mutationFn: () => api<TwoFactorSetup>("/api/tenant/uc/2fa/setup", { method: "POST" }) });

function useTwoFactorChange<B, T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<T>(path, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["two-factor"] }),
  });
}

export const useEnableTwoFactor = () =>
  useTwoFactorChange<{ code: string }, TwoFactorEnabled>("/api/tenant/uc/2fa/enable");
export const useDisableTwoFactor = () =>
  useTwoFactorChange<{ password: string; code: string }, { disabled: boolean }>("/api/tenant/uc/2fa/disable");
export const useRenewRecoveryCodes = () =>
  useTwoFactorChange<{ code: string }, TwoFactorEnabled>("/api/tenant/uc/2fa/recovery-codes");
export const useForgetBrowsers = () =>
  useTwoFactorChange<Record<string, never>, { forgotten: boolean }>("/api/tenant/uc/2fa/forget-browsers");
