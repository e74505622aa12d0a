import type { InviteCheck } from "@nc/contracts/members";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Popconfirm, Result, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { useAcceptInvite } from "../features/invitation/api/accept-invite";
import { useRejectInvite } from "../features/invitation/api/reject-invite";
import { InviteGate } from "../features/invitation/components/invite-gate";
import { InviteSummary } from "../features/invitation/components/invite-summary";
import { useJoinTenant } from "../features/invitation/use-join-tenant";
import { showApiError } from "../shell/forms/api-error-feedback";
import { useLocale } from "../shell/i18n/use-locale";
import { pageMeta } from "../shell/page-meta";
import { signOut } from "../shell/session/sign-out";
import { useSessionUser } from "../shell/session/use-session-user";

export const meta = pageMeta("members:accept.title");

/**
 * /accept-invite?token=: what the invitation offers, then accept or decline (docs/architecture.md, "Organisations and access"). A
 * signed-in user with the invited address accepts here; anyone else signs in or registers first.
 */
export default function AcceptInvitePage() {
  const { t } = useTranslation();
  const [declined, setDeclined] = useState<string | null>(null);
  const { to } = useLocale();
  if (declined)
    return (
      <Result
        status="info"
        title={t("members:accept.rejectedTitle")}
        subTitle={t("members:accept.rejected", { tenant: declined })}
        extra={
          <Link to={to("/")}>
            <Button>{t("members:accept.toHome")}</Button>
          </Link>
        }
      />
    );
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t("members:accept.title")}
      </Typography.Title>
      <InviteGate>
        {(invite, token) => <InviteActions invite={invite} token={token} onDeclined={setDeclined} />}
      </InviteGate>
    </>
  );
}

function InviteActions({
  invite,
  token,
  onDeclined,
}: {
  invite: InviteCheck;
  token: string;
  onDeclined: (tenant: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { to } = useLocale();
  const user = useSessionUser();
  const accept = useAcceptInvite();
  const reject = useRejectInvite();
  const join = useJoinTenant();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const query = `?token=${encodeURIComponent(token)}`;
  const sameUser = user && user.email.toLowerCase() === invite.email.toLowerCase();

  const onAccept = async () => {
    if (!user) return;
    try {
      const { tenantId } = await accept.mutateAsync(token);
      void message.success(t("members:accept.joined", { tenant: invite.tenantName }));
      await join(user.id, tenantId);
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  const onReject = async () => {
    try {
      await reject.mutateAsync(token);
      onDeclined(invite.tenantName);
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  /** Signs the other account out and stays here, so the invited one can sign in. */
  const switchAccount = async () => {
    await signOut().catch(() => undefined);
    queryClient.clear();
    await revalidator.revalidate();
  };

  const declineButton = (
    <Popconfirm
      title={t("members:accept.rejectConfirm", { tenant: invite.tenantName })}
      okText={t("members:accept.reject")}
      okButtonProps={{ danger: true }}
      cancelText={t("members:accept.back")}
      onConfirm={onReject}
    >
      <Button block loading={reject.isPending} data-testid="reject-invite">
        {t("members:accept.reject")}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      <InviteSummary invite={invite} />
      <Space orientation="vertical" style={{ width: "100%" }}>
        {sameUser && (
          <Button
            type="primary"
            block
            size="large"
            onClick={() => void onAccept()}
            loading={accept.isPending}
            data-testid="accept-invite"
          >
            {t("members:accept.accept")}
          </Button>
        )}
        {user && !sameUser && (
          <>
            <Alert
              type="warning"
              showIcon
              title={t("members:accept.otherAccount", { current: user.email, email: invite.email })}
              data-testid="invite-other-account"
            />
            <Button block onClick={() => void switchAccount()}>
              {t("members:accept.switchAccount", { email: invite.email })}
            </Button>
          </>
        )}
        {!user && (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              {invite.hasAccount
                ? t("members:accept.hasAccountHint", { email: invite.email })
                : t("members:accept.noAccountHint", { email: invite.email })}
            </Typography.Paragraph>
            <Link to={to(`${invite.hasAccount ? "/invite-login" : "/invite-register"}${query}`)}>
              <Button type="primary" block size="large" data-testid="invite-continue">
                {invite.hasAccount ? t("members:accept.signIn") : t("members:accept.register")}
              </Button>
            </Link>
          </>
        )}
        {declineButton}
      </Space>
    </>
  );
}
