import { HydrationBoundary } from "@tanstack/react-query";
import { Alert, Layout, Spin, Typography, theme } from "antd";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { COVERAGE_PATH, coverageQuery, useCoverage } from "../features/coverage/api/coverage";
import { CoverageTable } from "../features/coverage/components/coverage-table";
import { PublicHeader } from "../shell/components/public-header";
import { SiteFooter } from "../shell/components/site-footer";
import { pageMeta } from "../shell/page-meta";
import { serverQueries } from "../shell/query/server-queries.server";
import "../features/coverage/coverage.css";
import type { Route } from "./+types/coverage";

export const meta = pageMeta("coverage:title", "coverage:description");

/** The coverage comes with the page: the first HTML already lists every country (docs/api.md, "Coverage"). */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    queries: await serverQueries(context, [{ queryKey: coverageQuery().queryKey, path: COVERAGE_PATH }]),
  };
}

/** The theme's colours as the custom properties coverage.css reads. */
function useCoverageTheme(): CSSProperties {
  const { cssVar } = theme.useToken();
  return {
    "--cov-bg": cssVar.colorBgContainer,
    "--cov-head-bg": cssVar.colorFillQuaternary,
    "--cov-text": cssVar.colorText,
    "--cov-text-secondary": cssVar.colorTextSecondary,
    "--cov-border": cssVar.colorBorderSecondary,
    "--cov-yes": cssVar.colorSuccess,
    "--cov-sample": cssVar.colorWarning,
    "--cov-no": cssVar.colorTextQuaternary,
  } as CSSProperties;
}

function CoverageBody() {
  const { t } = useTranslation();
  const coverage = useCoverage();
  if (coverage.isPending) return <Spin />;
  if (coverage.isError) return <Alert type="error" showIcon title={t("coverage:loadFailed")} />;
  return <CoverageTable countries={coverage.data.countries} />;
}

/** Public: which checks answer each country's numbers, at what price, and how well, before signing up. */
export default function CoveragePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const style = useCoverageTheme();
  return (
    <Layout style={{ minHeight: "100vh", background: cssVar.colorBgLayout }}>
      <PublicHeader linkHome />
      <main className="cov-page" style={style}>
        <Typography.Title>{t("coverage:heading")}</Typography.Title>
        <Typography.Paragraph className="cov-intro">{t("coverage:intro")}</Typography.Paragraph>
        <HydrationBoundary state={loaderData?.queries}>
          <CoverageBody />
        </HydrationBoundary>
      </main>
      <SiteFooter />
    </Layout>
  );
}
