import type { WebhookDeliveryStatus, WebhookDeliveryView, WebhookEventType } from "@nc/contracts/webhooks";
import { useTranslation } from "react-i18next";

/** Each value with its catalog key written out, so the catalog check finds every one. */
const EVENT_LABELS: Record<WebhookEventType | "ping", string> = {
  "job.completed": "webhooks:events.jobCompleted.label",
  "job.failed": "webhooks:events.jobFailed.label",
  "balance.low": "webhooks:events.balanceLow.label",
  "api_key.spend_limit.warning": "webhooks:events.keySpendWarning.label",
  "api_key.spend_limit.reached": "webhooks:events.keySpendReached.label",
  ping: "webhooks:events.ping",
};
const EVENT_HELP: Record<WebhookEventType, string> = {
  "job.completed": "webhooks:events.jobCompleted.help",
  "job.failed": "webhooks:events.jobFailed.help",
  "balance.low": "webhooks:events.balanceLow.help",
  "api_key.spend_limit.warning": "webhooks:events.keySpendWarning.help",
  "api_key.spend_limit.reached": "webhooks:events.keySpendReached.help",
};
const STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "webhooks:status.pending",
  succeeded: "webhooks:status.succeeded",
  failed: "webhooks:status.failed",
};
type Reason = NonNullable<WebhookDeliveryView["lastError"]>["reason"];
const ERROR_LABELS: Record<Reason, string> = {
  response: "webhooks:errors.response",
  redirect: "webhooks:errors.redirect",
  timeout: "webhooks:errors.timeout",
  connection_refused: "webhooks:errors.connectionRefused",
  network: "webhooks:errors.network",
  target_forbidden: "webhooks:errors.targetForbidden",
  endpoint_disabled: "webhooks:errors.endpointDisabled",
  creator_lacks_rights: "webhooks:errors.creatorLacksRights",
};

/** Event types, delivery states and failure reasons in the page's language. */
export function useWebhookLabels() {
  const { t } = useTranslation();
  return {
    /** An unknown type (a newer server) reads as itself. */
    event: (type: string) => (type in EVENT_LABELS ? t(EVENT_LABELS[type as WebhookEventType]) : type),
    eventHelp: (type: WebhookEventType) => t(EVENT_HELP[type]),
    status: (status: WebhookDeliveryStatus) => t(STATUS_LABELS[status]),
    /** "Connection refused", "Answered with an error: <what the receiver said>". */
    error: (error: WebhookDeliveryView["lastError"]) =>
      error ? [t(ERROR_LABELS[error.reason]), error.detail].filter(Boolean).join(": ") : null,
  };
}
