import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../i18n/use-locale";
import { LocaleSwitcher } from "./locale-switcher";

const DEFAULT_TEXT: Record<number, string> = { 404: "Page Not Found" };

/**
 * The not-found page for 404 and the server-error page for everything else (docs/architecture.md,
 * "What a person meets first"). `framed`: inside a signed-in frame, which keeps its menu, header
 * and language switch; the way back leads to `home` there.
 */
export function ErrorPage({
  status,
  statusText,
  framed = false,
  home = "/",
}: {
  status: number;
  statusText?: string;
  framed?: boolean;
  home?: string;
}) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const notFound = status === 404;
  const fallback = DEFAULT_TEXT[status] ?? "Internal Server Error";
  const title = notFound
    ? t("common:errors.notFoundTitle", fallback)
    : t("common:errors.serverErrorTitle", fallback);
  const result = (
    <Result
      status={notFound ? "404" : "500"}
      title={<h1 style={{ margin: 0, fontSize: 28 }}>{title}</h1>}
      subTitle={
        <>
          <div>{notFound ? t("common:errors.notFoundText") : t("common:errors.serverErrorText")}</div>
          {statusText && statusText !== fallback ? <code style={{ opacity: 0.7 }}>{statusText}</code> : null}
        </>
      }
      extra={
        <Button type="primary" href={to(home)}>
          {t("common:errors.backHome")}
        </Button>
      }
    />
  );
  if (framed) return result;
  return (
    <main
      style={{ minHeight: "100vh", display: "grid", placeItems: "center", padding: 24, position: "relative" }}
    >
      {/* The visitor may not read the language the page came in: let them change it here too. */}
      <div style={{ position: "absolute", top: 12, insetInlineEnd: 12 }}>
        <LocaleSwitcher />
      </div>
      {result}
    </main>
  );
}
