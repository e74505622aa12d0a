import type { Passkey } from "@nc/contracts/passkeys";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { createPasskey, type PublicKeyCredentialCreationOptionsJSON } from "../../../shell/passkeys/webauthn";

/** The signed-in person's passkeys (docs/security.md, "Passkeys"). */
export const passkeysQuery = () =>
  queryOptions({ queryKey: ["passkeys"], queryFn: () => api<Passkey[]>("/api/tenant/uc/passkeys") });
export const usePasskeys = () => useQuery(passkeysQuery());

function usePasskeyChange<V, T>(call: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ["passkeys"] }),
  });
}

/** Options from the server, the authenticator's new passkey, then the server stores it. */
export const useAddPasskey = () =>
  usePasskeyChange(async (name: string) => {
    const options = await api<PublicKeyCredentialCreationOptionsJSON>("/api/tenant/uc/passkeys/options", {
      method: "POST",
    });
    const response = await createPasskey(options);
    return api<Passkey>("/api/tenant/uc/passkeys", { method: "POST", body: { name, response } });
  });

export const useRenamePasskey = () =>
  usePasskeyChange(({ id, name }: { id: string; name: string }) =>
    api<{ id: string; name: string }>(`/api/tenant/uc/passkeys/${id}`, { method: "PATCH", body: { name } }),
  );

export const useDeletePasskey = () =>
  usePasskeyChange((id: string) =>
    api<{ deleted: boolean }>(`/api/tenant/uc/passkeys/${id}`, { method: "DELETE" }),
  );
