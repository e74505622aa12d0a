import type { OperatorView } from "@nc/contracts/operator";
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOperators } from "../../features/operator/api/operators";
import { useRevokeOperator } from "../../features/operator/api/revoke-operator";
import { ConsoleTable } from "../../features/operator/components/console-table";
import { GrantOperatorModal } from "../../features/operator/components/grant-operator-modal";
import { PageHeading } from "../../features/operator/components/page-heading";
import {
  OPERATOR_PERMISSION_LABEL_KEYS,
  OPERATOR_SCOPE_LABEL_KEYS,
} from "../../features/operator/permission-labels";
import { useOperator, useOperatorDate } from "../../features/operator/use-operator";
import { showApiError } from "../../shell/forms/api-error-feedback";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operator:operators.title");

/** /operator/operators: who may open the console; grant, change and revoke within one's own rights. */
export default function OperatorOperatorsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const date = useOperatorDate();
  const { me, has } = useOperator();
  const list = useOperators();
  const revoke = useRevokeOperator();
  const grants = has("operator.operator:grant");
  const [editing, setEditing] = useState<OperatorView | null | "new">(null);

  async function onRevoke(userId: string) {
    try {
      await revoke.mutateAsync(userId);
      void message.success(t("operator:operators.revoked"));
    } catch (error) {
      showApiError(error, t, message);
    }
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading title={t("operator:operators.title")} />
      <Card
        extra={
          grants && (
            <Button type="primary" onClick={() => setEditing("new")} data-testid="grant-open">
              {t("operator:operators.grant")}
            </Button>
          )
        }
      >
        <ConsoleTable<OperatorView>
          error={list.error}
          emptyText={t("operator:operators.empty")}
          rowKey="userId"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              key: "email",
              title: t("operator:operators.email"),
              render: (_, o) => (
                <Space orientation="vertical" size={0}>
                  <span>{o.email}</span>
                  <span style={{ opacity: 0.75 }}>{o.name}</span>
                </Space>
              ),
            },
            { key: "partner", title: t("operator:operators.partner"), dataIndex: "partnerName" },
            {
              key: "scope",
              title: t("operator:operators.scope"),
              render: (_, o) => t(OPERATOR_SCOPE_LABEL_KEYS[o.scope]),
            },
            {
              key: "rights",
              title: t("operator:operators.rights"),
              render: (_, o) => (
                <Tooltip title={o.permissions.map((p) => t(OPERATOR_PERMISSION_LABEL_KEYS[p])).join(", ")}>
                  <Tag>{t("operator:operators.rightsCount", { count: o.permissions.length })}</Tag>
                </Tooltip>
              ),
            },
            {
              key: "grantedBy",
              title: t("operator:operators.grantedBy"),
              render: (_, o) => o.grantedBy ?? "—",
            },
            { key: "since", title: t("operator:operators.since"), render: (_, o) => date(o.createdAt) },
            ...(grants
              ? [
                  {
                    key: "actions",
                    title: t("operator:operators.actions"),
                    render: (_: unknown, o: OperatorView) => (
                      <Space>
                        <Button size="small" onClick={() => setEditing(o)}>
                          {t("operator:operators.edit")}
                        </Button>
                        {o.userId !== me.data?.userId && (
                          <Popconfirm
                            title={t("operator:operators.revokeConfirm", { email: o.email })}
                            okText={t("operator:operators.revoke")}
                            cancelText={t("operator:cancel")}
                            onConfirm={() => onRevoke(o.userId)}
                          >
                            <Button size="small" danger>
                              {t("operator:operators.revoke")}
                            </Button>
                          </Popconfirm>
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing && me.data && (
        <GrantOperatorModal
          me={me.data}
          editing={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Space>
  );
}
