/**
 * The public face of the partner feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { isPartnerStaffTenant, jobOwner, seesPartnerJobs } from "./partner-scope";
export type { PartnerService } from "./partner-service";
