import { DesktopOutlined, MoonOutlined, SunOutlined } from "@ant-design/icons";
import type { ColorMode } from "@nc/contracts/site";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { useColorMode } from "../theme/color-mode";

export const COLOR_MODE_ICONS: Record<ColorMode, React.ReactNode> = {
  light: <SunOutlined />,
  dark: <MoonOutlined />,
  system: <DesktopOutlined />,
};

/** Light, dark or follow the system; the choice is kept in a cookie so the server renders it. */
export function ColorModeSwitch() {
  const { mode, setMode } = useColorMode();
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [mode],
        items: (["light", "dark", "system"] as const).map((m) => ({
          key: m,
          icon: COLOR_MODE_ICONS[m],
          label: t(`common:colorMode.${m}`),
          onClick: () => setMode(m),
        })),
      }}
    >
      <Button
        type="text"
        icon={COLOR_MODE_ICONS[mode]}
        aria-label={t("common:colorMode.label")}
        data-testid="color-mode"
      />
    </Dropdown>
  );
}
