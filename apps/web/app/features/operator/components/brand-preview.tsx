import { HEX_COLOR } from "@nc/contracts/operator";
import { Alert, Button, ConfigProvider, Space, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { PRIMARY_COLOR, themeConfig } from "../../../shell/theme/tokens";
import { brandContrast, type Mode, SURFACES } from "../setup/brand-contrast";

const MODES: Mode[] = ["light", "dark"];
const MODE_LABEL_KEYS: Record<Mode, string> = {
  light: "operatorSetup:partners.preview.light",
  dark: "operatorSetup:partners.preview.dark",
};

/** One mode of the site: its logo, a primary button and a link, painted as the site will paint them. */
function ModePreview({ mode, name, logo, color }: { mode: Mode; name: string; logo: string; color: string }) {
  const { t } = useTranslation();
  return (
    <ConfigProvider theme={themeConfig(mode === "dark", color)}>
      <div
        data-testid={`brand-preview-${mode}`}
        style={{
          background: SURFACES[mode],
          border: "1px solid rgba(128, 128, 128, 0.35)",
          borderRadius: 8,
          padding: 12,
          minWidth: 0,
          flex: "1 1 160px",
        }}
      >
        <PreviewBody mode={mode} name={name} logo={logo} label={t(MODE_LABEL_KEYS[mode])} />
      </div>
    </ConfigProvider>
  );
}

function PreviewBody({ mode, name, logo, label }: { mode: Mode; name: string; logo: string; label: string }) {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  return (
    <Space orientation="vertical" size={8} style={{ width: "100%" }}>
      <Typography.Text style={{ color: cssVar.colorTextSecondary, fontSize: 12 }}>{label}</Typography.Text>
      {logo ? (
        <img src={logo} alt={name} style={{ maxHeight: 32, maxWidth: "100%" }} />
      ) : (
        <Typography.Text strong style={{ color: cssVar.colorText, overflowWrap: "anywhere" }}>
          {name}
        </Typography.Text>
      )}
      <Button type="primary" tabIndex={-1} data-testid={`brand-preview-button-${mode}`}>
        {t("operatorSetup:partners.preview.button")}
      </Button>
      <Typography.Link href="#" tabIndex={-1} onClick={(e) => e.preventDefault()}>
        {t("operatorSetup:partners.preview.link")}
      </Typography.Link>
    </Space>
  );
}

/**
 * The brand as its site will look in light and dark mode, and a note on the chosen colour's own
 * contrast: the pages paint with its readable shade wherever it misses 4.5:1 (docs/accessibility.md).
 */
export function BrandPreview({
  name,
  logo,
  darkLogo,
  color,
}: {
  name: string;
  logo: string;
  darkLogo: string;
  color: string;
}) {
  const { t } = useTranslation();
  const chosen = HEX_COLOR.test(color) ? color : PRIMARY_COLOR;
  const contrast = brandContrast(chosen);
  const notes = MODES.filter((mode) => !contrast[mode].passes).map((mode) =>
    t(mode === "light" ? "operatorSetup:partners.contrast.light" : "operatorSetup:partners.contrast.dark", {
      ratio: contrast[mode].ratio.toFixed(1),
      shade: contrast[mode].shade,
    }),
  );
  return (
    <Space orientation="vertical" size={8} style={{ width: "100%" }} data-testid="brand-preview">
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <ModePreview mode="light" name={name} logo={logo} color={chosen} />
        <ModePreview mode="dark" name={name} logo={darkLogo || logo} color={chosen} />
      </div>
      <Alert
        data-testid="contrast-note"
        type={notes.length ? "warning" : "success"}
        showIcon
        title={notes.length ? notes.join(" ") : t("operatorSetup:partners.contrast.ok")}
      />
    </Space>
  );
}
