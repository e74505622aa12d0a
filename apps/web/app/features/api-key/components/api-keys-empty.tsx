import { PlusOutlined } from "@ant-design/icons";
import { Button, Empty } from "antd";
import { useTranslation } from "react-i18next";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";

/** No keys yet: say what a first key is for and, for those who may, offer to make it. */
export function ApiKeysEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const { can } = useTenantAccess();
  const canCreate = can(["apikey:create"]);
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={canCreate ? t("apiKeys:empty.canCreate") : t("apiKeys:empty.text")}
      data-testid="api-keys-empty"
    >
      {canCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t("apiKeys:empty.create")}
        </Button>
      )}
    </Empty>
  );
}
