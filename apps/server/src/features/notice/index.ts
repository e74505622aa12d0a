/**
 * The public face of the notice feature: what other features may use. Everything else in this
 * folder is its own (docs/architecture.md, "Features and their public faces").
 */

export type { NewNotice, NoticeService } from "./notice-service";
export { noticeService } from "./notice-service";
