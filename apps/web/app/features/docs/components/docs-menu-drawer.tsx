import { Drawer } from "antd";
import { useTranslation } from "react-i18next";
import type { DocNavSection } from "../doc-sections";
import { DocsNav } from "./docs-nav";

/** The navigation on narrow screens, opened from the header's menu button. */
export function DocsMenuDrawer(props: { nav: DocNavSection[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      placement="left"
      size={300}
      title={t("docs:title")}
      styles={{ body: { padding: 8 } }}
    >
      <DocsNav nav={props.nav} onNavigate={props.onClose} />
    </Drawer>
  );
}
