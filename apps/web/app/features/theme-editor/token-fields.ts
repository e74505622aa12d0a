/**
 * The antd design tokens the editor offers, in the order shown. Labels are keys of the
 * "theme-editor" catalog. Imports may carry other tokens too; they are applied as given.
 */
export interface TokenField {
  token: string;
  kind: "color" | "number";
  label: string;
  min?: number;
  max?: number;
}

export const TOKEN_FIELDS: readonly TokenField[] = [
  { token: "colorPrimary", kind: "color", label: "theme-editor:tokens.colorPrimary" },
  { token: "colorSuccess", kind: "color", label: "theme-editor:tokens.colorSuccess" },
  { token: "colorWarning", kind: "color", label: "theme-editor:tokens.colorWarning" },
  { token: "colorError", kind: "color", label: "theme-editor:tokens.colorError" },
  { token: "colorText", kind: "color", label: "theme-editor:tokens.colorText" },
  { token: "colorTextSecondary", kind: "color", label: "theme-editor:tokens.colorTextSecondary" },
  { token: "colorBorder", kind: "color", label: "theme-editor:tokens.colorBorder" },
  { token: "colorBgLayout", kind: "color", label: "theme-editor:tokens.colorBgLayout" },
  { token: "colorBgContainer", kind: "color", label: "theme-editor:tokens.colorBgContainer" },
  { token: "colorBgElevated", kind: "color", label: "theme-editor:tokens.colorBgElevated" },
  { token: "borderRadius", kind: "number", label: "theme-editor:tokens.borderRadius", min: 0, max: 32 },
  { token: "fontSize", kind: "number", label: "theme-editor:tokens.fontSize", min: 10, max: 24 },
  {
    token: "controlHeightSM",
    kind: "number",
    label: "theme-editor:tokens.controlHeightSM",
    min: 16,
    max: 64,
  },
  { token: "controlHeight", kind: "number", label: "theme-editor:tokens.controlHeight", min: 20, max: 72 },
  {
    token: "controlHeightLG",
    kind: "number",
    label: "theme-editor:tokens.controlHeightLG",
    min: 24,
    max: 80,
  },
];
