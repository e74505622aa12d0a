import { UndoOutlined } from "@ant-design/icons";
import { Button, Typography, theme } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useColorMode } from "../../shell/theme/color-mode";
import { themeConfig } from "../../shell/theme/tokens";
import { contrastWarnings } from "./contrast-warnings";
import { layersBelow, mergeOverrides } from "./merge";
import type { Layer } from "./overrides";
import { setToken, useThemeOverrides } from "./overrides-store";
import { TOKEN_FIELDS } from "./token-fields";
import { ColorInput, NumberInput } from "./token-input";

/** One row per offered token: its value in the chosen layer, or what shows through from below. */
export function TokenFieldList({ layer }: { layer: Layer }) {
  const { t } = useTranslation("theme-editor");
  const { token: ui } = theme.useToken();
  const { dark } = useColorMode();
  const overrides = useThemeOverrides();
  const own = overrides[layer];
  const below = useMemo(() => {
    const under = layersBelow(layer, dark);
    const token = theme.getDesignToken(mergeOverrides(themeConfig(under.dark), overrides, under.layers));
    return token as unknown as Record<string, unknown>;
  }, [layer, dark, overrides]);
  const warnings = useMemo(() => contrastWarnings(overrides, layer, dark), [layer, dark, overrides]);

  return (
    // One column in the 288px panel, as many as fit when maximised.
    <div
      style={{
        display: "grid",
        gridTemplateColumns: "repeat(auto-fill, minmax(248px, 1fr))",
        gap: "8px 32px",
      }}
    >
      {TOKEN_FIELDS.map((field) => {
        const set = own[field.token];
        const value = set ?? below[field.token];
        const label = t(field.label);
        const id = `theme-token-${field.token}`;
        const warning = warnings[field.token];
        return (
          <div
            key={field.token}
            style={{ display: "grid", gridTemplateColumns: "1fr auto 24px", alignItems: "center", gap: 8 }}
          >
            <label
              htmlFor={id}
              style={{ fontSize: ui.fontSizeSM, fontWeight: set === undefined ? undefined : 600 }}
            >
              {label}
            </label>
            {field.kind === "color" ? (
              <ColorInput
                id={id}
                label={label}
                value={typeof value === "string" ? value : ""}
                onCommit={(next) => setToken(layer, field.token, next)}
              />
            ) : (
              <NumberInput
                id={id}
                label={label}
                value={typeof value === "number" ? value : undefined}
                min={field.min}
                max={field.max}
                onCommit={(next) => setToken(layer, field.token, next)}
              />
            )}
            {set === undefined ? (
              <span />
            ) : (
              <Button
                type="text"
                size="small"
                icon={<UndoOutlined />}
                aria-label={t("theme-editor:clearToken", { token: label })}
                title={t("theme-editor:clearToken", { token: label })}
                onClick={() => setToken(layer, field.token, undefined)}
              />
            )}
            {warning && (
              // Below 4.5:1 on the background: say so, and which shade the pages use (docs/accessibility.md).
              <Typography.Text
                type="warning"
                role="status"
                data-testid={`theme-contrast-${field.token}`}
                style={{ gridColumn: "1 / -1", fontSize: ui.fontSizeSM }}
              >
                {t("theme-editor:contrast.low", { ratio: warning.ratio.toFixed(2) })}
                {warning.shade &&
                  ` ${t("theme-editor:contrast.shade", {
                    color: warning.shade.color.toUpperCase(),
                    ratio: warning.shade.ratio.toFixed(2),
                  })}`}
              </Typography.Text>
            )}
          </div>
        );
      })}
    </div>
  );
}
