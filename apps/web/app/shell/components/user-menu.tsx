import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Dropdown, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocale } from "../i18n/use-locale";
import { useSignOut } from "../session/sign-out";
import { useSessionUser } from "../session/use-session-user";
import { UserInitial } from "./user-initial";

/**
 * The signed-in person's menu: their profile, what the frame adds, and signing out. In every
 * signed-in frame, inside an organisation or not.
 */
export function UserMenu({
  items = [],
  onOpenChange,
  wide = true,
}: {
  items?: NonNullable<MenuProps["items"]>;
  onOpenChange?: (open: boolean) => void;
  /** On a phone the name is not shown: the button still says whose menu it is. */
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { to } = useLocale();
  return (
    <Dropdown
      trigger={["click"]}
      onOpenChange={onOpenChange}
      menu={{
        items: [
          {
            key: "profile",
            icon: <UserOutlined />,
            label: t("profile:title"),
            onClick: () => navigate(to("/dashboard/profile")),
          },
          ...items,
          { type: "divider" },
          {
            key: "logout",
            icon: <LogoutOutlined />,
            label: t("common:signOut"),
            onClick: () => signOut.mutate(),
          },
        ],
      }}
    >
      <Button
        type="text"
        data-testid="user-menu"
        aria-label={wide ? undefined : user?.name}
        style={{ display: "flex", alignItems: "center", gap: 8 }}
      >
        <UserInitial name={user?.name} />
        {wide && <span>{user?.name}</span>}
      </Button>
    </Dropdown>
  );
}
