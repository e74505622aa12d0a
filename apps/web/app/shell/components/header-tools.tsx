import { Space } from "antd";
import { ColorModeSwitch } from "./color-mode-switch";
import { LocaleSwitcher } from "./locale-switcher";

export function HeaderTools() {
  return (
    <Space size={4}>
      <LocaleSwitcher />
      <ColorModeSwitch />
    </Space>
  );
}
