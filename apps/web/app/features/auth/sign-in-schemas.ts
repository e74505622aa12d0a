import type { z } from "zod";

let contracts: Promise<typeof import("@nc/contracts/auth")> | undefined;

/** The auth contracts, imported on first use and kept: zod comes with them. */
const authContracts = () => {
  contracts ??= import("@nc/contracts/auth");
  return contracts;
};

/**
 * The sign-in form's schemas by loader (shell/forms/zod-rule.ts, `SchemaSource`): /login's first
 * load brings no zod; the schemas arrive when a field is first checked (docs/performance.md,
 * "antd's work at hydration").
 */
export const signInEmailSchema = (): Promise<z.ZodType> =>
  authContracts().then((m) => m.loginBody.shape.email);
export const signInPasswordSchema = (): Promise<z.ZodType> =>
  authContracts().then((m) => m.loginBody.shape.password);
