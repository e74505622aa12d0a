import { BookOutlined, KeyOutlined } from "@ant-design/icons";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Button, Card, Empty, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Can } from "../../../shell/access/can";
import { useLocale } from "../../../shell/i18n/use-locale";

/**
 * No calls to show. Filtered: say so and offer to clear. Otherwise tell how to start: a key from
 * the API keys page, then the getting-started guide.
 */
export function UsageEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Card data-testid="usage-empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          filtered ? (
            t("apiUsage:empty.filtered")
          ) : (
            <Flex vertical gap={4} align="center">
              <Typography.Text strong>{t("apiUsage:empty.title")}</Typography.Text>
              <Typography.Text type="secondary" style={{ maxWidth: 460 }}>
                {t("apiUsage:empty.text")}
              </Typography.Text>
            </Flex>
          )
        }
      >
        {filtered ? (
          <Button onClick={onClear}>{t("apiUsage:filters.clear")}</Button>
        ) : (
          <Flex gap={8} wrap justify="center">
            <Can permissions={ROUTE_PERMISSIONS.apiKeys}>
              <Link to={to("/dashboard/api-keys")}>
                <Button type="primary" icon={<KeyOutlined />}>
                  {t("apiUsage:empty.keys")}
                </Button>
              </Link>
            </Can>
            <Button href={to("/docs/getting-started")} icon={<BookOutlined />}>
              {t("apiUsage:empty.guide")}
            </Button>
          </Flex>
        )}
      </Empty>
    </Card>
  );
}
