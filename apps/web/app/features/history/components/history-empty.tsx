import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Button, Empty } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Can } from "../../../shell/access/can";
import { useLocale } from "../../../shell/i18n/use-locale";

/** What an empty history says: nothing matches the filters, or nothing was checked yet (and where to start). */
export function HistoryEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t("history:list.emptyFiltered") : t("history:list.empty")}
      data-testid="history-empty"
    >
      {!filtered && (
        <Can permissions={ROUTE_PERMISSIONS.detection}>
          <Link to={to("/dashboard/detection")}>
            <Button type="primary">{t("history:list.start")}</Button>
          </Link>
        </Can>
      )}
    </Empty>
  );
}
