import { COLOR_MODES } from "@nc/contracts/site";
import { Card, Radio, Space, Typography } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { COLOR_MODE_ICONS } from "../../../shell/components/color-mode-switch";
import { useColorMode } from "../../../shell/theme/color-mode";

/**
 * Light, dark or the system's choice: the same setting (the `color_mode` cookie) as the header's
 * switch, applied at once; the server renders the next page in it (docs/architecture.md).
 */
export function AppearanceCard() {
  const { t } = useTranslation();
  const { mode, setMode } = useColorMode();
  const label = useId();
  return (
    <Card title={t("profile:appearance.title")} data-testid="appearance-card">
      <Space orientation="vertical" size={8}>
        <Typography.Text id={label}>{t("common:colorMode.label")}</Typography.Text>
        <Radio.Group
          aria-labelledby={label}
          optionType="button"
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          data-testid="profile-color-mode"
          options={COLOR_MODES.map((m) => ({
            value: m,
            label: (
              <span>
                {COLOR_MODE_ICONS[m]} {t(`common:colorMode.${m}`)}
              </span>
            ),
          }))}
        />
        <Typography.Text type="secondary">{t("profile:appearance.help")}</Typography.Text>
      </Space>
    </Card>
  );
}
