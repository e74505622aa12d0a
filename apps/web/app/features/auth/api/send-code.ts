import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export interface CodeSent {
  sent: boolean;
  resendAfterSeconds: number;
}

/** The three "send me a code" calls share one shape. */
export const CODE_ENDPOINTS = {
  register: "/api/tenant/pub/register/code",
  reset: "/api/tenant/pub/forget/code",
  changeEmail: "/api/tenant/uc/change/email/code",
} as const;

export const sendCode = (kind: keyof typeof CODE_ENDPOINTS, body: { email: string; captcha?: string }) =>
  api<CodeSent>(CODE_ENDPOINTS[kind], { method: "POST", body });

export const useSendCode = (kind: keyof typeof CODE_ENDPOINTS) =>
  useMutation({ mutationFn: (body: { email: string; captcha?: string }) => sendCode(kind, body) });
