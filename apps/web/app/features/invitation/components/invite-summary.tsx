import type { InviteCheck } from "@nc/contracts/members";
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import { roleName } from "../../role";

/** Who invites whom into which organisation with which role, and until when. */
export function InviteSummary({ invite }: { invite: InviteCheck }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const role = roleName({ id: "", name: invite.roleName, key: invite.roleKey }, t);
  const until = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(invite.expiresAt),
  );
  return (
    <>
      <Typography.Paragraph data-testid="invite-summary">
        {invite.inviterName
          ? t("members:accept.text", {
              inviter: invite.inviterName,
              email: invite.email,
              tenant: invite.tenantName,
              role,
            })
          : t("members:accept.textNoInviter", { email: invite.email, tenant: invite.tenantName, role })}
      </Typography.Paragraph>
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t("members:accept.organisation")}>{invite.tenantName}</Descriptions.Item>
        <Descriptions.Item label={t("members:accept.role")}>{role}</Descriptions.Item>
        <Descriptions.Item label={t("members:accept.email")}>{invite.email}</Descriptions.Item>
        <Descriptions.Item label={t("members:accept.validUntil")}>{until}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
