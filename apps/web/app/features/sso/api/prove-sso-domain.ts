import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { ssoPath, ssoSettingsQuery } from "./sso-settings";

/**
 * The three calls of a domain's proof (step-up): POST .../domains/:domainId/dns (the TXT record),
 * .../email (a code to a mailbox of the domain) and .../code (that code).
 */
export type DomainProof =
  | { kind: "dns"; domainId: string }
  | { kind: "email"; domainId: string; local: string }
  | { kind: "code"; domainId: string; code: string };

export function proveSsoDomain(tenantId: string, proof: DomainProof) {
  const { kind, domainId, ...body } = proof;
  return api<unknown>(`${ssoPath(tenantId)}/domains/${encodeURIComponent(domainId)}/${kind}`, {
    method: "POST",
    ...(kind === "dns" ? {} : { body }),
  });
}
export const useProveSsoDomain = (tenantId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (proof: DomainProof) => proveSsoDomain(tenantId, proof),
    onSuccess: (_answer, proof) =>
      proof.kind === "email" ? undefined : client.invalidateQueries(ssoSettingsQuery(tenantId)),
  });
};
