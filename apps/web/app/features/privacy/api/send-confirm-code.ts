import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import type { CodeSent } from "../../auth";

/** POST /api/tenant/uc/confirm/code: a code to the signed-in user's own address. */
export const sendConfirmCode = () =>
  api<CodeSent>("/api/tenant/uc/confirm/code", { method: "POST", body: {} });
export const useSendConfirmCode = () => useMutation({ mutationFn: sendConfirmCode });
