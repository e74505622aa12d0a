import type { StatementMonths } from "@nc/contracts/billing-details";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { saveDownload } from "../../../shell/http/download";

/** GET /api/tenant/account/statements: the months with a statement, newest first. */
export const getStatementMonths = () => api<StatementMonths>("/api/tenant/account/statements");

export const useStatementMonths = (tenantId: string) =>
  useQuery(queryOptions({ queryKey: ["account", tenantId, "statements"], queryFn: getStatementMonths }));

/** GET /api/tenant/account/statements/:month/pdf: made by the server in the page's language; the browser saves it. */
export const downloadStatement = (tenantId: string, locale: string, month: string) =>
  saveDownload(
    `/api/tenant/account/statements/${encodeURIComponent(month)}/pdf`,
    {},
    { tenantId, locale },
    `statement-${month}.pdf`,
  );

export const useDownloadStatement = (tenantId: string, locale: string) =>
  useMutation({ mutationFn: (month: string) => downloadStatement(tenantId, locale, month) });
