import { Flex, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";

/** How keys are used, before the list: the header, what test keys are, and never in a URL. */
export function ApiKeysIntro() {
  const { t } = useTranslation();
  const { token, cssVar } = theme.useToken();
  return (
    <Flex vertical gap={8} data-testid="api-keys-intro">
      <Typography.Text type="secondary">{t("apiKeys:intro.lead")}</Typography.Text>
      <Typography.Text
        style={{
          fontFamily: token.fontFamilyCode,
          background: cssVar.colorFillTertiary,
          borderRadius: token.borderRadius,
          padding: "4px 10px",
          alignSelf: "flex-start",
          maxWidth: "100%",
          overflowWrap: "anywhere",
        }}
      >
        {t("apiKeys:intro.header")}
      </Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 20, color: cssVar.colorTextSecondary }}>
        <li>{t("apiKeys:intro.test")}</li>
        <li>{t("apiKeys:intro.url")}</li>
      </ul>
    </Flex>
  );
}
