// What other features may use of detection (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { CheckResult } from "./components/check-result";
