// What other features may use of tenant (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { tenantsQuery } from "./api/tenants";
