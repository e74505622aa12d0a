import { CloseOutlined, FullscreenExitOutlined, FullscreenOutlined } from "@ant-design/icons";
import { Button, Segmented, Space, Tag, Typography, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useColorMode } from "../../shell/theme/color-mode";
import { ImportExportActions } from "./import-export-actions";
import { activeLayers } from "./merge";
import type { Layer } from "./overrides";
import { TokenFieldList } from "./token-field-list";
import { useMobileVariant } from "./use-mobile-variant";

export const PANEL_WIDTH = 288;

const LAYER_LABELS: Record<Layer, string> = {
  shared: "theme-editor:layers.shared",
  light: "theme-editor:layers.light",
  dark: "theme-editor:layers.dark",
  mobile: "theme-editor:layers.mobile",
};

const LAYER_HINTS: Record<Layer, string> = {
  shared: "theme-editor:hints.shared",
  light: "theme-editor:hints.light",
  dark: "theme-editor:hints.dark",
  mobile: "theme-editor:hints.mobile",
};

/** The editor's panel: 288px wide beside the button, or the whole width when maximised. */
export function ThemeEditorPanel(props: {
  zIndex: number;
  maximised: boolean;
  onToggleMaximised(): void;
  onHide(): void;
}) {
  const { t } = useTranslation("theme-editor");
  const { token, cssVar } = theme.useToken();
  const { dark } = useColorMode();
  const mobile = useMobileVariant();
  const [layer, setLayer] = useState<Layer>(dark ? "dark" : "light");
  const applied = activeLayers({ dark, mobile }).includes(layer);
  const { maximised } = props;
  return (
    <aside
      aria-label={t("theme-editor:title")}
      data-testid="theme-editor-panel"
      style={{
        position: "fixed",
        zIndex: props.zIndex,
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        width: maximised ? "100%" : PANEL_WIDTH,
        maxWidth: maximised ? undefined : "calc(100vw - 96px)",
        insetInlineEnd: maximised ? 0 : 80,
        insetBlock: maximised ? 0 : undefined,
        insetBlockEnd: maximised ? 0 : 24,
        maxHeight: maximised ? undefined : "calc(100vh - 48px)",
        background: cssVar.colorBgElevated,
        color: cssVar.colorText,
        borderRadius: maximised ? 0 : token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <header
        style={{
          display: "flex",
          alignItems: "center",
          gap: 4,
          padding: "8px 8px 8px 16px",
          borderBottom: `1px solid ${cssVar.colorSplit}`,
        }}
      >
        <Typography.Text strong style={{ flex: 1 }}>
          {t("theme-editor:title")}
        </Typography.Text>
        <Button
          type="text"
          size="small"
          icon={maximised ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          aria-label={maximised ? t("theme-editor:restore") : t("theme-editor:maximise")}
          title={maximised ? t("theme-editor:restore") : t("theme-editor:maximise")}
          aria-pressed={maximised}
          data-testid="theme-editor-maximise"
          onClick={props.onToggleMaximised}
        />
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t("theme-editor:hide")}
          title={t("theme-editor:hide")}
          data-testid="theme-editor-hide"
          onClick={props.onHide}
        />
      </header>
      <div style={{ flex: 1, overflowY: "auto", padding: 16 }}>
        <Space orientation="vertical" size={12} style={{ width: "100%" }}>
          <Segmented<Layer>
            block
            size="small"
            value={layer}
            onChange={setLayer}
            options={(Object.keys(LAYER_LABELS) as Layer[]).map((value) => ({
              value,
              label: t(LAYER_LABELS[value]),
            }))}
            data-testid="theme-editor-layer"
          />
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t(LAYER_HINTS[layer])}{" "}
            {!applied && <Tag style={{ marginInlineEnd: 0 }}>{t("theme-editor:notApplied")}</Tag>}
          </Typography.Text>
          <TokenFieldList layer={layer} />
        </Space>
      </div>
      <footer style={{ padding: "12px 16px", borderTop: `1px solid ${cssVar.colorSplit}` }}>
        <ImportExportActions />
      </footer>
    </aside>
  );
}
