/**
 * The public face of the audit feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { auditCsv } from "./audit-export";
export type { AuditListRow } from "./audit-repo";
export { auditRepo, auditWrites } from "./audit-repo";
export type { AuditEvent, AuditService } from "./audit-service";
export { auditActorOf, describe as describeAuditEvent, recordAudit } from "./audit-service";
