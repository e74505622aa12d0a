// What other features may use of member (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { useMembers } from "./api/members";
