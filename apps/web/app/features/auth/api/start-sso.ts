import type { SsoStartView } from "@nc/contracts/sso";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/pub/sso/start: the identity provider's address for this e-mail's organisation. */
export const startSso = (email: string, popup: boolean) =>
  api<SsoStartView>("/api/tenant/pub/sso/start", { method: "POST", body: { email, popup } });
