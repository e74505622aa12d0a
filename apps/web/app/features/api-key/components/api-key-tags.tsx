import type { ApiKeyMode, ApiKeyScope, ApiKeyView } from "@nc/contracts/api-keys";
import { Flex, Tag, Typography, theme } from "antd";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { scopeKey } from "../scope-key";

const STATUS_COLOURS: Record<ApiKeyView["status"], string> = {
  active: "green",
  rolling: "orange",
  expired: "default",
  revoked: "default",
};

/** Live keys green, test keys gold: the two must never be mistaken for each other at a glance. */
export function ModeTag({ mode }: { mode: ApiKeyMode }) {
  const { t } = useTranslation();
  return (
    <Tag color={mode === "live" ? "green" : "gold"} data-testid="api-key-mode">
      {t(`apiKeys:mode.${mode}.label`)}
    </Tag>
  );
}

export function KeyStatusTag({ status }: { status: ApiKeyView["status"] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="api-key-status" data-status={status}>
      {t(`apiKeys:status.${status}`)}
    </Tag>
  );
}

export function ScopeTags({ scopes, style }: { scopes: readonly ApiKeyScope[]; style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap style={style}>
      {scopes.map((scope) => (
        <Tag key={scope} style={{ marginInlineEnd: 0 }}>
          {t(`apiKeys:scopes.${scopeKey(scope)}.label`)}
        </Tag>
      ))}
    </Flex>
  );
}

/** The visible ends of a key, in the code font so look-alike characters stay apart. */
export function KeyHint({ hint, style }: { hint: string; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <Typography.Text
      type="secondary"
      style={{ fontFamily: token.fontFamilyCode, whiteSpace: "nowrap", ...style }}
    >
      {hint}
    </Typography.Text>
  );
}
