import type { Profile } from "@nc/contracts/auth";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const getProfile = () => api<Profile>("/api/tenant/uc/profile");
export const profileQuery = () => queryOptions({ queryKey: ["profile"], queryFn: getProfile });
export const useProfile = () => useQuery(profileQuery());

export const updateProfile = (body: { name?: string; locale?: string }) =>
  api<Profile>("/api/tenant/uc/profile", { method: "POST", body });
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => client.setQueryData(["profile"], profile),
  });
}
