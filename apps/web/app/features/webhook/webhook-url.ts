import { webhookUrlIssue } from "@nc/contracts/webhooks";
import type { FormRule } from "antd";
import type { TFunction } from "i18next";

const ISSUE_TEXT = {
  not_url: "webhooks:form.urlNotUrl",
  scheme: "webhooks:form.urlScheme",
  credentials: "webhooks:form.urlCredentials",
} as const;

/**
 * The URL field's rule: the same test as the server's schema (webhookUrlIssue), said more
 * precisely than its "invalid format". Private addresses are the server's call (it resolves names).
 */
export function webhookUrlRule(t: TFunction): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const url = (value ?? "").trim();
      if (!url) throw new Error(t("validation:required"));
      const issue = webhookUrlIssue(url);
      if (issue) throw new Error(t(ISSUE_TEXT[issue]));
    },
  };
}
