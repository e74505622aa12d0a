import { DesktopOutlined, MobileOutlined, QuestionOutlined, TabletOutlined } from "@ant-design/icons";
import type { DeviceKind, SessionView } from "@nc/contracts/sessions";
import { Alert, App, Button, Card, List, Popconfirm, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { useEndOtherSessions, useEndSession, useSessions } from "../api/sessions";

const DEVICES: Record<DeviceKind | "unknown", { icon: React.ReactNode; label: string }> = {
  desktop: { icon: <DesktopOutlined />, label: "profile:sessions.device.desktop" },
  mobile: { icon: <MobileOutlined />, label: "profile:sessions.device.mobile" },
  tablet: { icon: <TabletOutlined />, label: "profile:sessions.device.tablet" },
  unknown: { icon: <QuestionOutlined />, label: "profile:sessions.device.unknown" },
};

/**
 * The person's own sessions (docs/security.md, "Sessions"): device and browser, address, place when
 * known, signed in and last seen; sign out any other one, or all of them at once.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const date = useTenantDate();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      showApiError(error, t, message);
    }
  };
  const name = (s: SessionView) =>
    t("profile:sessions.name", {
      browser: s.browser ?? t("profile:sessions.unknownBrowser"),
      os: s.os ?? t("profile:sessions.unknownSystem"),
    });

  return (
    <Card
      title={t("profile:sessions.title")}
      extra={
        <Popconfirm
          title={t("profile:sessions.endOthersConfirm", { count: others })}
          okText={t("profile:sessions.endOthersOk")}
          cancelText={t("profile:sessions.cancel")}
          onConfirm={() =>
            run(async () => {
              const { ended } = await endOthers.mutateAsync(undefined);
              void message.success(t("profile:sessions.endedOthers", { count: ended }));
            })
          }
        >
          <Button
            size="small"
            danger
            disabled={others === 0}
            loading={endOthers.isPending}
            data-testid="sessions-end-others"
          >
            {t("profile:sessions.endOthers")}
          </Button>
        </Popconfirm>
      }
    >
      {sessions.isError && <Alert type="error" showIcon title={errorText(sessions.error, t)} />}
      <Typography.Paragraph type="secondary">{t("profile:sessions.hint")}</Typography.Paragraph>
      <List
        loading={sessions.isPending}
        dataSource={list}
        rowKey="id"
        renderItem={(s) => (
          <List.Item
            data-testid="session-row"
            actions={
              s.current
                ? []
                : [
                    <Button
                      key="end"
                      size="small"
                      aria-label={t("profile:sessions.endLabel", { name: name(s) })}
                      loading={endOne.isPending && endOne.variables === s.id}
                      onClick={() =>
                        run(async () => {
                          await endOne.mutateAsync(s.id);
                          void message.success(t("profile:sessions.ended"));
                        })
                      }
                    >
                      {t("profile:sessions.end")}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={
                <span role="img" aria-label={t(DEVICES[s.device ?? "unknown"].label)}>
                  {DEVICES[s.device ?? "unknown"].icon}
                </span>
              }
              title={
                <>
                  {name(s)} {s.current && <Tag color="green">{t("profile:sessions.current")}</Tag>}
                </>
              }
              description={
                <>
                  <div>
                    {s.ip ?? t("profile:sessions.unknownAddress")}
                    {s.place ? ` · ${s.place}` : ""}
                  </div>
                  <div>
                    {t("profile:sessions.times", {
                      signedIn: date(s.signedInAt),
                      lastSeen: date(s.lastSeenAt),
                    })}
                  </div>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
