import type { InviteCheck } from "@nc/contracts/members";
import { Button, Result, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useInviteCheck } from "../api/check-invite";

/** The token of the page's invitation link (?token=). */
export function useInviteToken(): string {
  const [params] = useSearchParams();
  return params.get("token")?.trim() ?? "";
}

/**
 * Checks the link's token and renders its children with what the invitation offers, or explains
 * why the link cannot be used (missing, expired, used, cancelled).
 */
export function InviteGate({ children }: { children: (invite: InviteCheck, token: string) => ReactNode }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const token = useInviteToken();
  const check = useInviteCheck(token);
  const home = (
    <Link to={to("/")}>
      <Button>{t("members:accept.toHome")}</Button>
    </Link>
  );
  if (!token)
    return (
      <Result
        status="warning"
        title={t("members:accept.invalidTitle")}
        subTitle={t("members:accept.missingToken")}
        extra={home}
      />
    );
  if (check.isError)
    return (
      <div data-testid="invite-invalid">
        <Result
          status="warning"
          title={t("members:accept.invalidTitle")}
          subTitle={errorText(check.error, t)}
          extra={home}
        />
      </div>
    );
  if (!check.data) return <Skeleton active />;
  return children(check.data, token);
}
