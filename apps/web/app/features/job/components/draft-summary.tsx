import type { DraftView } from "@nc/contracts/jobs";
import { formatMoney } from "@nc/contracts/money";
import { Alert, Button, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ResultDescriptions } from "../../../shell/components/result-descriptions";
import { useLocale } from "../../../shell/i18n/use-locale";

/** The draft's counts, in the order shown: rows read, duplicates, invalid rows, numbers charged. */
const COUNTS: { key: string; label: string; testId: string; of: (draft: DraftView) => number }[] = [
  { key: "rows", label: "detection:draft.rows", testId: "draft-rows", of: (d) => d.total },
  {
    key: "duplicates",
    label: "detection:draft.duplicates",
    testId: "draft-duplicates",
    of: (d) => d.duplicates,
  },
  { key: "invalid", label: "detection:draft.invalid", testId: "draft-invalid", of: (d) => d.invalid },
  { key: "charged", label: "detection:draft.charged", testId: "draft-chargeable", of: (d) => d.chargeable },
];

/**
 * What submitting the draft means, before anything is reserved: rows read, duplicates removed,
 * invalid rows, numbers to be charged, the estimated cost and the balance after.
 */
export function DraftSummary(props: {
  draft: DraftView;
  submitting: boolean;
  onSubmit: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const { draft } = props;
  const n = (value: number) => value.toLocaleString(locale);
  const money = (micros: string) => formatMoney(micros, draft.estimate.currency, locale);
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }} data-testid="detection-draft">
      <ResultDescriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        bordered
        items={[
          ...COUNTS.map(({ key, label, testId, of }) => ({
            key,
            label: t(label),
            children: <span data-testid={testId}>{n(of(draft))}</span>,
          })),
          {
            key: "cost",
            label: t("detection:draft.cost"),
            children: (
              <Space>
                <span data-testid="draft-cost">{money(draft.estimate.totalMicros)}</span>
                {draft.sandbox && <Tag color="gold">{t("detection:freeInSandbox")}</Tag>}
              </Space>
            ),
          },
          {
            key: "after",
            label: t("detection:draft.balanceAfter"),
            children: (
              <span
                data-testid="draft-balance-after"
                style={draft.enoughBalance ? undefined : { color: "var(--ant-color-error)" }}
              >
                {money(draft.balanceAfterMicros)}
              </span>
            ),
          },
        ]}
      />
      {!draft.enoughBalance && (
        <Alert
          type="warning"
          showIcon
          message={t("detection:draft.notEnough", { balance: money(draft.balanceMicros) })}
          action={<Link to={to("/dashboard/account/recharge")}>{t("detection:draft.recharge")}</Link>}
        />
      )}
      <Space wrap>
        <Button
          type="primary"
          onClick={props.onSubmit}
          loading={props.submitting}
          disabled={!draft.enoughBalance || draft.chargeable === 0}
          data-testid="detection-draft-submit"
        >
          {t("detection:draft.submit", { count: draft.chargeable, n: n(draft.chargeable) })}
        </Button>
        <Button onClick={props.onDiscard} disabled={props.submitting} data-testid="detection-draft-discard">
          {t("detection:draft.discard")}
        </Button>
      </Space>
    </Space>
  );
}
