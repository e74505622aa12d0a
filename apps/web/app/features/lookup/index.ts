// What other features may use of lookup (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { useTimezones } from "./api/timezones";
