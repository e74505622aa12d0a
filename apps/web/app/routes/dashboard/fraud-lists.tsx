import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Alert, Col, Row, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useFraudLists } from "../../features/fraud-list/api/fraud-lists";
import { FraudListCard } from "../../features/fraud-list/components/fraud-list-card";
import { errorText } from "../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/** Fraud lists: numbers and prefixes the organisation always blocks or always allows. */
export default function FraudListsPage() {
  const { t } = useTranslation();
  const { tenant, can } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const lists = useFraudLists(tenantId);
  // The server refuses changes without tenant:update; the boxes are hidden to match.
  const canEdit = can(ROUTE_PERMISSIONS.fraudListsEdit);
  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, marginBottom: 0 }}>
        {t("fraudLists:title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t("fraudLists:intro")}
      </Typography.Paragraph>
      {lists.isError && <Alert type="error" showIcon title={errorText(lists.error, t)} />}
      <Row gutter={[24, 24]}>
        {(["block", "allow"] as const).map((kind) => (
          <Col xs={24} xl={12} key={kind}>
            <FraudListCard
              tenantId={tenantId}
              kind={kind}
              entries={lists.data?.[kind] ?? []}
              max={lists.data?.max ?? 0}
              canEdit={canEdit}
              loading={lists.isPending}
            />
          </Col>
        ))}
      </Row>
    </Space>
  );
}
