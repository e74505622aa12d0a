import { Button, Empty, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";

/**
 * No request to show: filtered, say so and offer to clear (or, when older requests are still to
 * be searched, say so: docs/api.md, "Request log"); else say what will appear here.
 */
export function RequestEmpty(props: { filtered: boolean; searchOn: boolean; onClear: () => void }) {
  const { filtered, searchOn, onClear } = props;
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="api-request-empty"
      description={
        filtered ? (
          t(searchOn ? "apiRequests:empty.searchOn" : "apiRequests:empty.filtered")
        ) : (
          <Flex vertical gap={4} align="center">
            <Typography.Text strong>{t("apiRequests:empty.title")}</Typography.Text>
            <Typography.Text type="secondary" style={{ maxWidth: 460 }}>
              {t("apiRequests:empty.text")}
            </Typography.Text>
          </Flex>
        )
      }
    >
      {filtered && <Button onClick={onClear}>{t("apiRequests:filters.reset")}</Button>}
    </Empty>
  );
}
