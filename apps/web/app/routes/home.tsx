import {
  ApiOutlined,
  CheckCircleOutlined,
  CloudUploadOutlined,
  SafetyOutlined,
  ThunderboltOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import { SERVICES } from "@nc/contracts/services";
import { HydrationBoundary } from "@tanstack/react-query";
import { Button, Card, Col, Layout, Row, Space, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { VISITOR_PRICES_PATH, visitorPricesQuery } from "../features/coverage/api/visitor-prices";
import { VisitorPriceList } from "../features/coverage/components/visitor-price-list";
import { API_DOCS_PATH, PublicHeader } from "../shell/components/public-header";
import { SiteFooter } from "../shell/components/site-footer";
import { useDevice } from "../shell/device/use-device";
import { useScreenAtLeast } from "../shell/device/use-screen-at-least";
import { useLocale } from "../shell/i18n/use-locale";
import { pageMeta } from "../shell/page-meta";
import { serverQueries } from "../shell/query/server-queries.server";
import { useSessionUser } from "../shell/session/use-session-user";
import { HUGE_CONTROL_HEIGHT } from "../shell/theme/tokens";
import type { Route } from "./+types/home";

export const meta = pageMeta("home:title", "home:hero.subtitle");

/** The brand's prices come with the page: "How pricing works" shows real figures at first paint. */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    queries: await serverQueries(context, [
      { queryKey: visitorPricesQuery().queryKey, path: VISITOR_PRICES_PATH },
    ]),
  };
}

const STEPS = [
  { key: "topUp", icon: <WalletOutlined /> },
  { key: "submit", icon: <CloudUploadOutlined /> },
  { key: "results", icon: <CheckCircleOutlined /> },
] as const;

const PRICING_POINTS = ["perNumber", "noCharge", "estimate", "ledger"] as const;

const API_SAMPLE = `curl https://your-site/api/v1/check \\
  -H "Authorization: Bearer nc_live_…" \\
  -H "Content-Type: application/json" \\
  -d '{"number": "+44 7911 123456", "service": "hlr"}'`;

/** The public landing page: what the service checks, how paying works, where to start. */
export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { token, cssVar } = theme.useToken();
  const { to } = useLocale();
  const user = useSessionUser();
  const device = useDevice();
  const narrow = !useScreenAtLeast("m", !device.mobileOrTablet);
  const section = { maxWidth: 1160, margin: "0 auto", padding: narrow ? "40px 16px" : "64px 24px" };

  return (
    <Layout style={{ minHeight: "100vh", background: cssVar.colorBgLayout }}>
      <PublicHeader />

      <main>
        <section style={{ ...section, textAlign: "center" }}>
          <Typography.Title style={{ fontSize: narrow ? 32 : 48, lineHeight: 1.15, marginBottom: 16 }}>
            {t("home:hero.title")}
          </Typography.Title>
          <Typography.Paragraph
            type="secondary"
            style={{ fontSize: narrow ? 16 : 19, maxWidth: 720, margin: "0 auto 32px" }}
          >
            {t("home:hero.subtitle")}
          </Typography.Paragraph>
          <Space size={12} wrap style={{ justifyContent: "center" }}>
            <Link to={to(user ? "/dashboard" : "/register")}>
              <Button type="primary" style={{ height: HUGE_CONTROL_HEIGHT, padding: "0 28px", fontSize: 16 }}>
                {user ? t("home:nav.dashboard") : t("home:hero.cta")}
              </Button>
            </Link>
            <a href="#pricing">
              <Button style={{ height: HUGE_CONTROL_HEIGHT, padding: "0 28px", fontSize: 16 }}>
                {t("home:hero.secondary")}
              </Button>
            </a>
          </Space>
          <Row gutter={[16, 16]} style={{ marginTop: 40 }} justify="center">
            {(["accuracy", "speed", "privacy"] as const).map((k, i) => (
              <Col key={k} xs={24} sm={8}>
                <Space>
                  {[<SafetyOutlined key="a" />, <ThunderboltOutlined key="b" />, <ApiOutlined key="c" />][i]}
                  <Typography.Text>{t(`home:highlights.${k}`)}</Typography.Text>
                </Space>
              </Col>
            ))}
          </Row>
        </section>

        <section style={{ background: cssVar.colorBgContainer }} aria-labelledby="services-title">
          <div style={section}>
            <Typography.Title level={2} id="services-title" style={{ textAlign: "center" }}>
              {t("home:services.title")}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ textAlign: "center", marginBottom: 32 }}>
              {t("home:services.subtitle")}
            </Typography.Paragraph>
            <Row gutter={[16, 16]}>
              {SERVICES.map((s) => (
                <Col key={s.code} xs={24} sm={12} lg={8}>
                  <Card style={{ height: "100%" }}>
                    <Typography.Title level={3} style={{ fontSize: 18, marginTop: 0 }}>
                      {t(`services:${s.code}.name`)}
                    </Typography.Title>
                    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                      {t(`services:${s.code}.description`)}
                    </Typography.Paragraph>
                  </Card>
                </Col>
              ))}
              <Col xs={24} sm={12} lg={8}>
                <Card style={{ height: "100%", borderStyle: "dashed" }}>
                  <Typography.Title level={3} style={{ fontSize: 18, marginTop: 0 }}>
                    {t("home:services.inputsTitle")}
                  </Typography.Title>
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                    {t("home:services.inputsText")}
                  </Typography.Paragraph>
                </Card>
              </Col>
            </Row>
          </div>
        </section>

        <section style={section} aria-labelledby="steps-title">
          <Typography.Title level={2} id="steps-title" style={{ textAlign: "center", marginBottom: 32 }}>
            {t("home:steps.title")}
          </Typography.Title>
          <Row gutter={[24, 24]}>
            {STEPS.map((step, index) => (
              <Col key={step.key} xs={24} md={8}>
                <div style={{ fontSize: 28, color: cssVar.colorPrimary }}>{step.icon}</div>
                <Typography.Title level={3} style={{ fontSize: 18 }}>
                  {index + 1}. {t(`home:steps.${step.key}.title`)}
                </Typography.Title>
                <Typography.Paragraph type="secondary">
                  {t(`home:steps.${step.key}.text`)}
                </Typography.Paragraph>
              </Col>
            ))}
          </Row>
        </section>

        <section id="pricing" style={{ background: cssVar.colorBgContainer }} aria-labelledby="pricing-title">
          <div style={section}>
            <Row gutter={[32, 32]} align="middle">
              <Col xs={24} md={12}>
                <Typography.Title level={2} id="pricing-title">
                  {t("home:pricing.title")}
                </Typography.Title>
                <ul style={{ paddingInlineStart: 20 }}>
                  {PRICING_POINTS.map((p) => (
                    <li key={p} style={{ marginBottom: 8 }}>
                      <Typography.Text>{t(`home:pricing.${p}`)}</Typography.Text>
                    </li>
                  ))}
                </ul>
              </Col>
              <Col xs={24} md={12}>
                <Typography.Title level={3} style={{ fontSize: 18 }}>
                  {t("home:api.title")}
                </Typography.Title>
                <Typography.Paragraph type="secondary">{t("home:api.text")}</Typography.Paragraph>
                <pre
                  style={{
                    background: cssVar.colorFillTertiary,
                    padding: 16,
                    borderRadius: token.borderRadius,
                    overflowX: "auto",
                    fontSize: 13,
                  }}
                >
                  <code>{API_SAMPLE}</code>
                </pre>
                <Link to={to(API_DOCS_PATH)}>{t("docs:home.apiDocs")} →</Link>
              </Col>
            </Row>
            <HydrationBoundary state={loaderData?.queries}>
              <VisitorPriceList />
            </HydrationBoundary>
          </div>
        </section>

        <section style={{ ...section, textAlign: "center" }}>
          <Typography.Title level={2}>{t("home:cta.title")}</Typography.Title>
          <Typography.Paragraph type="secondary">{t("home:cta.text")}</Typography.Paragraph>
          <Link to={to(user ? "/dashboard" : "/register")}>
            <Button type="primary" size="large">
              {user ? t("home:nav.dashboard") : t("home:hero.cta")}
            </Button>
          </Link>
        </section>
      </main>
      <SiteFooter />
    </Layout>
  );
}
