/**
 * The public face of the invoice feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */
export { invoiceService } from "./invoice-service";
export { sendPdf } from "./routes";
