import { DEFAULT_LOCALE, LOCALES, type Locale } from "@nc/contracts/locales";
import enErrors from "@nc/contracts/locales/en/errors.json";
import enServices from "@nc/contracts/locales/en/services.json";
import enValidation from "@nc/contracts/locales/en/validation.json";
import esErrors from "@nc/contracts/locales/es/errors.json";
import esServices from "@nc/contracts/locales/es/services.json";
import esValidation from "@nc/contracts/locales/es/validation.json";
import ptErrors from "@nc/contracts/locales/pt/errors.json";
import ptServices from "@nc/contracts/locales/pt/services.json";
import ptValidation from "@nc/contracts/locales/pt/validation.json";
import zhErrors from "@nc/contracts/locales/zh-Hans/errors.json";
import zhServices from "@nc/contracts/locales/zh-Hans/services.json";
import zhValidation from "@nc/contracts/locales/zh-Hans/validation.json";
import { formatMoney } from "@nc/contracts/money";
import { isMoneyParam } from "../core/money";
import enAudit from "./locales/en/audit.json";
import enDocuments from "./locales/en/documents.json";
import enEmails from "./locales/en/emails.json";
import enExports from "./locales/en/exports.json";
import enLedger from "./locales/en/ledger.json";
import enNotices from "./locales/en/notices.json";
import esAudit from "./locales/es/audit.json";
import esDocuments from "./locales/es/documents.json";
import esEmails from "./locales/es/emails.json";
import esExports from "./locales/es/exports.json";
import esLedger from "./locales/es/ledger.json";
import esNotices from "./locales/es/notices.json";
import ptAudit from "./locales/pt/audit.json";
import ptDocuments from "./locales/pt/documents.json";
import ptEmails from "./locales/pt/emails.json";
import ptExports from "./locales/pt/exports.json";
import ptLedger from "./locales/pt/ledger.json";
import ptNotices from "./locales/pt/notices.json";
import zhAudit from "./locales/zh-Hans/audit.json";
import zhDocuments from "./locales/zh-Hans/documents.json";
import zhEmails from "./locales/zh-Hans/emails.json";
import zhExports from "./locales/zh-Hans/exports.json";
import zhLedger from "./locales/zh-Hans/ledger.json";
import zhNotices from "./locales/zh-Hans/notices.json";

type Catalog = Record<string, unknown>;

const CATALOGS: Record<Locale, Record<string, Catalog>> = {
  en: {
    audit: enAudit,
    errors: enErrors,
    validation: enValidation,
    services: enServices,
    documents: enDocuments,
    emails: enEmails,
    exports: enExports,
    ledger: enLedger,
    notices: enNotices,
  },
  "zh-Hans": {
    audit: zhAudit,
    errors: zhErrors,
    validation: zhValidation,
    services: zhServices,
    documents: zhDocuments,
    emails: zhEmails,
    exports: zhExports,
    ledger: zhLedger,
    notices: zhNotices,
  },
  es: {
    audit: esAudit,
    errors: esErrors,
    validation: esValidation,
    services: esServices,
    documents: esDocuments,
    emails: esEmails,
    exports: esExports,
    ledger: esLedger,
    notices: esNotices,
  },
  pt: {
    audit: ptAudit,
    errors: ptErrors,
    validation: ptValidation,
    services: ptServices,
    documents: ptDocuments,
    emails: ptEmails,
    exports: ptExports,
    ledger: ptLedger,
    notices: ptNotices,
  },
};

function lookup(locale: Locale, key: string): string | undefined {
  const [ns = "", path = ""] = key.includes(":") ? key.split(":", 2) : ["errors", key];
  let node: unknown = CATALOGS[locale][ns];
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Catalog)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * Server-side translation with i18next-style "{{name}}" interpolation and English fallback. A
 * money parameter (moneyParam) is formatted for the locale: US$1.50 in English, 1,50 US$ in Spanish.
 */
export function translate(locale: Locale, key: string, params: Record<string, unknown> = {}): string {
  const template = lookup(locale, key) ?? lookup(DEFAULT_LOCALE, key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => formatParam(params[name], locale));
}

/**
 * One parameter as a message shows it: money and counts in the locale's way ("3,000", "3.000"),
 * anything else as text. Codes and ids are strings, so they are never grouped.
 */
export function formatParam(value: unknown, locale: Locale): string {
  if (isMoneyParam(value)) return formatMoney(value.micros, value.currency, locale);
  if (typeof value === "number" && Number.isFinite(value)) return value.toLocaleString(locale);
  return String(value ?? "");
}

export const SERVER_LOCALES = LOCALES;
