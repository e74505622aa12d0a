// What other features may use of account (docs/architecture.md, "Web layout"); the rest of the folder is its own.
export { useAccountOverview } from "./api/account-overview";
export { PAGE_SIZE } from "./api/transactions";
export { WelcomeCreditNote } from "./components/welcome-credit-note";
