/**
 * The public face of the operator feature: what other features and the composition root may use.
 * Everything else in this folder is its own (docs/architecture.md, "Features and their public faces").
 */
export type { Grantor, OperatorService } from "./operator-service";
export { operatorService } from "./operator-service";
