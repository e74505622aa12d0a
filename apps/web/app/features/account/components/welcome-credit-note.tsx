import type { AccountOverview } from "@nc/contracts/account";
import { formatMoney } from "@nc/contracts/money";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";

/**
 * Where a new organisation's first money came from: the welcome credit, said under the balance so
 * a balance nobody paid for does not puzzle anyone. Nothing without one.
 */
export function WelcomeCreditNote({ overview }: { overview: AccountOverview }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (BigInt(overview.welcomeCreditMicros) <= 0n) return null;
  return (
    <Typography.Text type="secondary" style={{ display: "block" }} data-testid="welcome-credit-note">
      {t("account:balance.welcomeCredit", {
        amount: formatMoney(overview.welcomeCreditMicros, overview.currency, locale),
      })}
    </Typography.Text>
  );
}
