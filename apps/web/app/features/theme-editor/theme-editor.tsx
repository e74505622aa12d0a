import { BgColorsOutlined } from "@ant-design/icons";
import { Button, ConfigProvider } from "antd";
import { useMemo, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { useLocation, useRouteLoaderData } from "react-router";
import { LOCALE_LAYOUT_ID, type LocaleData } from "../../shell/i18n/locale-data";
import { useLocaleI18n } from "../../shell/i18n/use-locale-i18n";
import type { RootData } from "../../shell/root-data";
import { useColorMode } from "../../shell/theme/color-mode";
import { themeConfig } from "../../shell/theme/tokens";
import { ThemeEditorPanel } from "./theme-editor-panel";

export const BUTTON_SIZE = 44;
// Over the page and its drawers (1000), under antd popups (1030 and up) such as the colour picker.
const Z_INDEX = 1001;

/**
 * The theme editor (docs/architecture.md, "What a person meets first"): there only when the public configuration enables it
 * (THEME_EDITOR_ENABLED) and the address carries ?theme_editor=1. It sits above the pages, so it
 * brings its own translations (the page's catalog) and the brand's unedited look.
 */
export function ThemeEditor() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const strings = useRouteLoaderData(LOCALE_LAYOUT_ID) as LocaleData | undefined;
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get("theme_editor") === "1";
  if (!root?.themeEditorEnabled || !asked || !strings) return null;
  return <EditorFrame locale={strings.locale} catalogue={strings.catalogue} />;
}

function EditorFrame({ locale, catalogue }: LocaleData) {
  const i18n = useLocaleI18n({ locale, catalogue });
  const { dark } = useColorMode();
  const editorTheme = useMemo(() => ({ ...themeConfig(dark), inherit: false }), [dark]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={editorTheme}>
        <FloatingEditor />
      </ConfigProvider>
    </I18nextProvider>
  );
}

function FloatingEditor() {
  const { t } = useTranslation("theme-editor");
  const [open, setOpen] = useState(false);
  const [maximised, setMaximised] = useState(false);
  return (
    <>
      <Button
        type="primary"
        shape="circle"
        icon={<BgColorsOutlined />}
        aria-label={open ? t("theme-editor:hide") : t("theme-editor:open")}
        title={open ? t("theme-editor:hide") : t("theme-editor:open")}
        aria-expanded={open}
        data-testid="theme-editor-button"
        onClick={() => setOpen(!open)}
        style={{
          position: "fixed",
          insetInlineEnd: 24,
          // Above the dashboard's back-to-top button.
          insetBlockEnd: 104,
          width: BUTTON_SIZE,
          minWidth: BUTTON_SIZE,
          height: BUTTON_SIZE,
          zIndex: Z_INDEX,
        }}
      />
      {open && (
        <ThemeEditorPanel
          zIndex={Z_INDEX + 1}
          maximised={maximised}
          onToggleMaximised={() => setMaximised(!maximised)}
          onHide={() => setOpen(false)}
        />
      )}
    </>
  );
}
