// What other features may use of role (docs/architecture.md, "Web layout"); the rest of the folder is its own.

export { useRoles } from "./api/roles";
export { roleName } from "./role-name";
