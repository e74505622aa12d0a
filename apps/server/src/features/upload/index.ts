/**
 * The public face of the upload feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { openTable } from "./open-table";
export { pickColumn } from "./pick-column";
export type { UploadSlots } from "./upload-slots";
