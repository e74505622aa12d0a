import type { TransactionDetail } from "@nc/contracts/account";
import { formatMoney } from "@nc/contracts/money";
import { Card, Descriptions, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import { ACTOR_LABEL_KEYS, TRADE_TYPE_LABEL_KEYS } from "../trade-type";

/**
 * One ledger row and what it references (hold, recharge order), as cards. Shared by the
 * customer's own detail page and the operator console's view of a customer's ledger; `date`
 * formats instants in the viewer's clock (the organisation's zone, or UTC for operators).
 */
export function TransactionDetailCards({
  detail: d,
  date,
}: {
  detail: TransactionDetail;
  date: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const money = (micros: string, currency = d.currency) => formatMoney(micros, currency, locale);
  const actor = d.actorUser
    ? `${d.actorUser.name} <${d.actorUser.email}>`
    : `${t(ACTOR_LABEL_KEYS[d.actorType] ?? d.actorType)}${d.actorId ? ` (${d.actorId})` : ""}`;
  return (
    <>
      <Card title={t("account:detailTitle")} data-testid="transaction-detail">
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: "id", label: t("account:detail.id"), children: d.id },
            { key: "time", label: t("account:detail.time"), children: date(d.createdAt) },
            {
              key: "type",
              label: t("account:detail.type"),
              children: <Tag>{t(TRADE_TYPE_LABEL_KEYS[d.tradeType] ?? String(d.tradeType))}</Tag>,
            },
            { key: "amount", label: t("account:detail.amount"), children: money(d.amountMicros) },
            {
              key: "balanceAfter",
              label: t("account:detail.balanceAfter"),
              children: money(d.balanceAfterMicros),
            },
            ...(d.service
              ? [{ key: "service", label: t("account:detail.service"), children: d.service }]
              : []),
            ...(d.quantity !== null
              ? [{ key: "quantity", label: t("account:detail.quantity"), children: String(d.quantity) }]
              : []),
            ...(d.referenceType
              ? [
                  {
                    key: "reference",
                    label: t("account:detail.reference"),
                    children: `${d.referenceType}: ${d.referenceId ?? ""}`,
                  },
                ]
              : []),
            { key: "actor", label: t("account:detail.actor"), children: actor },
            ...(d.note ? [{ key: "note", label: t("account:detail.note"), children: d.note }] : []),
          ]}
        />
      </Card>
      {d.reservation && (
        <Card title={t("account:reservation.title")} data-testid="transaction-reservation">
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: "id", label: "ID", children: d.reservation.id },
              {
                key: "reserved",
                label: t("account:reservation.reserved"),
                children: money(d.reservation.reservedMicros),
              },
              {
                key: "settled",
                label: t("account:reservation.settled"),
                children: money(d.reservation.settledMicros),
              },
              {
                key: "released",
                label: t("account:reservation.released"),
                children: money(d.reservation.releasedMicros),
              },
              {
                key: "status",
                label: t("account:reservation.status"),
                children: t(
                  d.reservation.status === "open"
                    ? "account:reservation.opened"
                    : "account:reservation.closed",
                ),
              },
            ]}
          />
        </Card>
      )}
      {d.rechargeOrder && (
        <Card title={t("account:rechargeOrder.title")} data-testid="transaction-recharge-order">
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: "id", label: "ID", children: d.rechargeOrder.id },
              { key: "method", label: t("account:rechargeOrder.method"), children: d.rechargeOrder.method },
              { key: "status", label: t("account:rechargeOrder.status"), children: d.rechargeOrder.status },
              {
                key: "reference",
                label: t("account:rechargeOrder.reference"),
                children: d.rechargeOrder.reference,
              },
              {
                key: "amount",
                label: t("account:rechargeOrder.amount"),
                children: money(d.rechargeOrder.amountMicros, d.rechargeOrder.currency),
              },
            ]}
          />
        </Card>
      )}
    </>
  );
}
