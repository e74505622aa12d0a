import type { z } from "zod";

/** The auth contracts, imported on first use (the module loader keeps it): zod comes with them. */
const authContracts = () => import("@nc/contracts/auth");

/**
 * The sign-in form's schemas by loader (shell/forms/zod-rule.ts, `SchemaSource`): /login's first
 * load brings no zod; the schemas arrive when a field is first checked (docs/performance.md,
 * "antd's work at hydration").
 */
export const signInEmailSchema = (): Promise<z.ZodType> =>
  authContracts().then((m) => m.loginBody.shape.email);
export const signInPasswordSchema = (): Promise<z.ZodType> =>
  authContracts().then((m) => m.loginBody.shape.password);
/** The second step's code (an app's code or a recovery code), by loader as well. */
export const secondFactorCodeSchema = (): Promise<z.ZodType> =>
  import("@nc/contracts/two-factor").then((m) => m.secondFactorSchema);
