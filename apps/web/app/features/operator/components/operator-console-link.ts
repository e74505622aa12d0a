import { ControlOutlined } from "@ant-design/icons";
import type { MenuProps } from "antd";
import { createElement, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useOperatorMe } from "../api/operator-me";

type MenuItem = NonNullable<MenuProps["items"]>[number];

/**
 * The "Operator console" entry of the dashboard's user menu, for operators only. The page data
 * does not say who is an operator, so the menu asks /api/operator/me the first time it opens
 * (never on page load); a 403 leaves the entry out.
 */
export function useOperatorConsoleLink(): { onOpenChange: (open: boolean) => void; items: MenuItem[] } {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  const me = useOperatorMe(asked);
  const items: MenuItem[] = me.data
    ? [
        {
          key: "operator",
          icon: createElement(ControlOutlined),
          label: t("operator:console"),
          onClick: () => navigate(to("/operator")),
        },
      ]
    : [];
  return { onOpenChange: (open) => open && setAsked(true), items };
}
