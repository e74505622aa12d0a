import { ALL_OPERATOR_PERMISSIONS, type OperatorMe } from "@nc/contracts/operator";

/** The platform's own site, which a platform operator's account is on. */
export const OWN_PARTNER = "5d0c1b7e-0000-4000-8000-000000000001";

/** An operator as GET /api/operator/me answers: every right, on the platform's own site unless told. */
export const operatorMe = (scope: OperatorMe["scope"], over: Partial<OperatorMe> = {}): OperatorMe => ({
  userId: "u-1",
  email: "pia@example.com",
  scope,
  partnerId: OWN_PARTNER,
  partnerName: "NumCheck",
  permissions: ALL_OPERATOR_PERMISSIONS,
  ...over,
});
