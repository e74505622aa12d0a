import { Alert, Col, Row, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { DeleteAccountCard } from "../../features/privacy/components/delete-account-card";
import { ExportAccountCard } from "../../features/privacy/components/export-account-card";
import { useProfile } from "../../features/profile/api/profile";
import { AppearanceCard } from "../../features/profile/components/appearance-card";
import { EmailCard } from "../../features/profile/components/email-card";
import { PasskeysCard } from "../../features/profile/components/passkeys-card";
import { PasswordCard } from "../../features/profile/components/password-card";
import { PersonalInfoCard } from "../../features/profile/components/personal-info-card";
import { SessionsCard } from "../../features/profile/components/sessions-card";
import { TwoFactorCard } from "../../features/profile/components/two-factor-card";
import { MyTenantsCard } from "../../features/tenant/components/my-tenants-card";
import { errorText } from "../../shell/forms/api-error-feedback";

/**
 * The user's own account: name, language, e-mail address, password, two-factor sign-in, passkeys,
 * sessions, colour mode, organisations, a download of their data, deletion.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t("profile:title")}
      </Typography.Title>
      {profile.isError && <Alert type="error" showIcon message={errorText(profile.error, t)} />}
      {profile.isPending && <Skeleton active />}
      {profile.data && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <PersonalInfoCard profile={profile.data} />
          </Col>
          <Col xs={24} lg={12}>
            <EmailCard profile={profile.data} />
          </Col>
          <Col xs={24} lg={12}>
            <PasswordCard profile={profile.data} />
          </Col>
          <Col xs={24} lg={12}>
            <TwoFactorCard />
          </Col>
          <Col xs={24} lg={12}>
            <PasskeysCard />
          </Col>
          <Col xs={24} lg={12}>
            <SessionsCard />
          </Col>
          <Col xs={24} lg={12}>
            <AppearanceCard />
          </Col>
          <Col xs={24} lg={12}>
            <MyTenantsCard />
          </Col>
          <Col xs={24} lg={12}>
            <ExportAccountCard />
          </Col>
          <Col xs={24} lg={12}>
            <DeleteAccountCard />
          </Col>
        </Row>
      )}
    </>
  );
}
