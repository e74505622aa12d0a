import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  API_KEY_MODES,
  API_KEY_ROLL_GRACE_HOURS,
  API_KEY_SCOPES,
  type ApiKeyView,
} from "@nc/contracts/api-keys";
import { AUDIT_RESOURCES } from "@nc/contracts/audit";
import { AUTO_TOP_UP_STOP_REASONS } from "@nc/contracts/auto-top-up";
import { COVERAGE_AVAILABILITY } from "@nc/contracts/coverage";
import { JOB_CHANNELS, JOB_STATUSES } from "@nc/contracts/detection-single";
import { ERROR_KEYS } from "@nc/contracts/errors";
import { FRAUD_LIST_KINDS } from "@nc/contracts/fraud-lists";
import { JOB_ITEM_STATUSES } from "@nc/contracts/jobs";
import { DEFAULT_LOCALE, LOCALES } from "@nc/contracts/locales";
import { PASSWORD_RULES } from "@nc/contracts/password-policy";
import { NORMALISATION_STEPS } from "@nc/contracts/public-api";
import { RECHARGE_METHODS } from "@nc/contracts/recharge";
import { LOOKUP_KIND_CODES, SERVICES } from "@nc/contracts/services";
import { COLOR_MODES } from "@nc/contracts/site";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { fieldIssue } from "@nc/contracts/validation";
import { FRAUD_REASON_CODES } from "@nc/numcheck/fraud/reason-codes";
import type {
  Connectivity,
  FraudResult,
  InvalidReason,
  LineType,
  LiveLineType,
  PortedStatus,
  RiskLevel,
} from "@nc/numcheck/types";
import { describe, expect, it } from "vitest";
import { EMAIL_TEMPLATES } from "../apps/server/src/features/mail/templates";
import { NOTICE_TYPES } from "../apps/server/src/features/notice/notice-service";
import { EXPIRY_CHOICES } from "../apps/web/app/features/api-key/expiry";
import { scopeKey } from "../apps/web/app/features/api-key/scope-key";
import { BAR_KEYS } from "../apps/web/app/features/api-usage/chart-series";
import { SELECT_FILTERS } from "../apps/web/app/features/history/select-filters";
import {
  ALL_PERMISSIONS,
  BUILT_IN_ROLE_KEYS,
  PERMISSION_CATALOG,
} from "../packages/contracts/src/permission-catalog";

// Values the detection result card translates (the engine's open enumerations).
const INVALID_REASONS: InvalidReason[] = [
  "empty",
  "not_a_number",
  "too_short",
  "too_long",
  "invalid_country_code",
  "no_country",
  "invalid_for_region",
  "precision_lost",
  "multiple_numbers",
  "unknown",
];
const LINE_TYPES: LineType[] = [
  "mobile",
  "fixed_line",
  "fixed_line_or_mobile",
  "voip",
  "toll_free",
  "premium_rate",
  "shared_cost",
  "uan",
  "personal",
  "pager",
  "voicemail",
  "unknown",
];
/** Twilio's carrier risk categories, and "unknown" (services:sms_pumping_risk.answer.outcome). */
const SMS_PUMPING_CATEGORIES = ["low", "mild", "moderate", "high", "unknown"];
/** The caller-name verdicts (resultFacets) and owner types (services:caller_name.answer.outcome). */
const CALLER_NAME_OUTCOMES = ["business", "consumer", "named", "unknown", "not_applicable"];
/** A live look-up's line type: the plan's, and VoIP told fixed or not (LiveLineType). */
const LIVE_LINE_TYPES: LiveLineType[] = [...LINE_TYPES, "fixed_voip", "non_fixed_voip"];
const CONNECTIVITIES: Connectivity[] = ["connected", "absent", "invalid_msisdn", "undetermined"];
const PORTED_STATUSES: PortedStatus[] = [
  "ported",
  "not_ported",
  "assumed_ported",
  "assumed_not_ported",
  "unknown",
];
/** The values of each look-up kind's verdict (result-facets.ts), named under its `answer.outcome`. */
const KIND_OUTCOMES: Record<(typeof LOOKUP_KIND_CODES)[number], readonly string[]> = {
  hlr: CONNECTIVITIES,
  mnp: PORTED_STATUSES,
  line_type: LIVE_LINE_TYPES,
  sim_swap: ["swapped", "not_swapped", "unknown"],
  sms_pumping_risk: SMS_PUMPING_CATEGORIES,
  caller_name: CALLER_NAME_OUTCOMES,
};
const RISK_LEVELS: RiskLevel[] = ["very_low", "low", "medium", "high", "very_high"];
const RECOMMENDATIONS: FraudResult["recommendation"][] = ["allow", "flag", "block"];
const API_KEY_STATUSES: ApiKeyView["status"][] = ["active", "rolling", "expired", "revoked"];

/**
 * Translation catalogs stay in step: every language has the same files and keys as English, no
 * empty texts and the same {{placeholders}}; every key the code asks for exists in English.
 */
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const CATALOG_ROOTS = [
  "packages/contracts/locales",
  "apps/server/src/i18n/locales",
  "apps/web/app/i18n/locales",
];

type Json = Record<string, unknown>;

function readJson(path: string): Json {
  return JSON.parse(readFileSync(path, "utf8")) as Json;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
}

/** Leaf path -> value, "a.b.c" style, as i18next resolves keys. */
function flatten(node: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === "object" && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!))].sort();
}

/** namespace -> flattened English catalog, over every root (namespaces are unique across roots). */
const english = new Map<string, Map<string, unknown>>();
for (const root of CATALOG_ROOTS) {
  const dir = join(ROOT, root, DEFAULT_LOCALE);
  for (const file of jsonFiles(dir)) {
    const ns = file.replace(/\.json$/, "");
    if (english.has(ns)) throw new Error(`namespace ${ns} is defined in more than one catalog root`);
    english.set(ns, flatten(readJson(join(dir, file))));
  }
}

function hasEnglishKey(key: string): boolean {
  const [ns = "", path = ""] = key.split(/:(.*)/s);
  const catalog = english.get(ns);
  // A key used with a count resolves to its plural forms (i18next: key_one, key_other).
  return typeof catalog?.get(path) === "string" || typeof catalog?.get(`${path}_other`) === "string";
}

describe("catalog parity with English", () => {
  it("finds the catalogs", () => {
    expect(LOCALES).toContain(DEFAULT_LOCALE);
    for (const ns of ["errors", "validation", "services", "emails", "common", "auth", "home"]) {
      expect(english.has(ns), ns).toBe(true);
    }
  });

  for (const root of CATALOG_ROOTS) {
    const enDir = join(ROOT, root, DEFAULT_LOCALE);
    const enFiles = jsonFiles(enDir);

    it(`${root}: has exactly one folder per locale`, () => {
      const folders = readdirSync(join(ROOT, root), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort();
      expect(folders).toEqual([...LOCALES].sort());
    });

    for (const locale of LOCALES) {
      const dir = join(ROOT, root, locale);

      it(`${root}/${locale}: same files as English`, () => {
        expect(enFiles.length).toBeGreaterThan(0);
        expect(jsonFiles(dir)).toEqual(enFiles);
      });

      for (const file of enFiles) {
        const where = `${root}/${locale}/${file}`;

        it(`${where}: same key paths as English, no empty or non-string texts`, () => {
          const en = flatten(readJson(join(enDir, file)));
          const tr = flatten(readJson(join(dir, file)));
          const missing = [...en.keys()].filter((k) => !tr.has(k));
          const extra = [...tr.keys()].filter((k) => !en.has(k));
          expect({ missing, extra }, where).toEqual({ missing: [], extra: [] });
          for (const [key, value] of tr) {
            expect(typeof value, `${where} ${key}`).toBe("string");
            expect((value as string).trim(), `${where} ${key} is empty`).not.toBe("");
          }
        });

        it(`${where}: same {{placeholders}} as English`, () => {
          const en = flatten(readJson(join(enDir, file)));
          const tr = flatten(readJson(join(dir, file)));
          for (const [key, value] of en) {
            const translated = tr.get(key);
            if (typeof value !== "string" || typeof translated !== "string") continue;
            expect(placeholders(translated), `${where} ${key}`).toEqual(placeholders(value));
          }
        });
      }
    }
  }
});

describe("keys used by the code exist in English", () => {
  const WEB_APP = join(ROOT, "apps/web/app");
  const sources = (readdirSync(WEB_APP, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => ({ file: relative(ROOT, join(WEB_APP, f)), text: readFileSync(join(WEB_APP, f), "utf8") }));
  const namespaces = [...english.keys()].join("|");
  const keyLiteral = new RegExp(`(["'\`])((?:${namespaces}):[^"'\`\\s]*)\\1`, "g");

  const home = readFileSync(join(WEB_APP, "routes/home.tsx"), "utf8");
  /** The string literals of one array in home.tsx ("key" properties for objects). */
  function homeArray(array: RegExp, item: RegExp, what: string): string[] {
    const values = [...(array.exec(home)?.[1] ?? "").matchAll(item)].map((m) => m[1]!);
    if (values.length === 0) throw new Error(`home.tsx: could not read ${what}; update this test`);
    return values;
  }
  const highlights = homeArray(/\(\[([^\]]*)\] as const\)\.map\(\(k\b/, /"(\w+)"/g, "the highlights");
  const steps = homeArray(/const STEPS = \[([\s\S]*?)\] as const;/, /key: "(\w+)"/g, "STEPS");
  const pricing = homeArray(/const PRICING_POINTS = \[([^\]]*)\]/, /"(\w+)"/g, "PRICING_POINTS");

  const validationReasons = [...collectValidationReasons()];
  /** Expansions of the template-literal keys; a new dynamic key must be added here. */
  const DYNAMIC: Record<string, string[]> = {
    "fraudLists:${props.kind}.title": FRAUD_LIST_KINDS.map((k) => `fraudLists:${k}.title`),
    "fraudLists:${props.kind}.help": FRAUD_LIST_KINDS.map((k) => `fraudLists:${k}.help`),
    "fraudLists:${props.kind}.empty": FRAUD_LIST_KINDS.map((k) => `fraudLists:${k}.empty`),
    "services:${s.code}.name": SERVICES.map((s) => `services:${s.code}.name`),
    "coverage:available.${service.available}": COVERAGE_AVAILABILITY.map((a) => `coverage:available.${a}`),
    "services:${s.code}.description": SERVICES.map((s) => `services:${s.code}.description`),
    // A service's trade type is labelled with its name, the ledger's others in `account`
    // (docs/architecture.md, "Adding a service").
    "services:${service.code}.name": SERVICES.map((s) => `services:${s.code}.name`),
    "account:tradeTypes.${name}": Object.keys(TRADE_TYPES)
      .filter((n) => !SERVICES.some((s) => s.tradeTypeName === n))
      .map((n) => `account:tradeTypes.${n}`),
    // Each kind's section of the documentation is its service's (catalogue-tables.ts).
    "services:${kind}.docs": LOOKUP_KIND_CODES.map((k) => `services:${k}.docs`),
    // Each kind is named by the service of its own code (tests/new-service-files.test.ts).
    "services:${kind}.name": LOOKUP_KIND_CODES.map((k) => `services:${k}.name`),
    "auth:password.rules.${rule}": PASSWORD_RULES.map((r) => `auth:password.rules.${r}`),
    "recharge:auto.stopped.${settings.stoppedBecause}": AUTO_TOP_UP_STOP_REASONS.map(
      (r) => `recharge:auto.stopped.${r}`,
    ),
    "common:colorMode.${m}": COLOR_MODES.map((m) => `common:colorMode.${m}`),
    "home:highlights.${k}": highlights.map((k) => `home:highlights.${k}`),
    "home:steps.${step.key}.title": steps.map((k) => `home:steps.${k}.title`),
    "home:steps.${step.key}.text": steps.map((k) => `home:steps.${k}.text`),
    "home:pricing.${p}": pricing.map((p) => `home:pricing.${p}`),
    "validation:${issue.reason}": validationReasons.map((r) => `validation:${r}`),
    "tenant:builtInRoles.${role.key}": BUILT_IN_ROLE_KEYS.map((k) => `tenant:builtInRoles.${k}`),
    "tenant:status.${statusKey(item.status)}": [
      "tenant:status.suspended",
      "tenant:status.removed",
      "tenant:status.pendingDeletion",
    ],
    "tenant:audit.resources.${r}": AUDIT_RESOURCES.map((r) => `tenant:audit.resources.${r}`),
    "permissions:groups.${resource}": Object.keys(PERMISSION_CATALOG).map((r) => `permissions:groups.${r}`),
    "permissions:actions.${action}": [...new Set(ALL_PERMISSIONS.map((p) => p.split(":")[1]))].map(
      (a) => `permissions:actions.${a}`,
    ),
    // Every permission says in a sentence what it allows (the role editor), under one of the areas.
    "permissions:allows.${resource}.${action}": ALL_PERMISSIONS.map(
      (p) => `permissions:allows.${p.replace(":", ".")}`,
    ),
    "permissions:areas.${area.key}": ["checks", "prices", "money", "developers", "organisation", "other"].map(
      (a) => `permissions:areas.${a}`,
    ),
    "price:effective.from.${usual}": ["special", "partner", "standard"].map(
      (s) => `price:effective.from.${s}`,
    ),
    "services:${view.service}.name": SERVICES.map((s) => `services:${s.code}.name`),
    "services:${s.service}.name": SERVICES.map((s) => `services:${s.code}.name`),
    "detection:step.${step}": NORMALISATION_STEPS.map((s) => `detection:step.${s}`),
    "detection:invalidReason.${basic.normalisation.invalidReason}": INVALID_REASONS.map(
      (r) => `detection:invalidReason.${r}`,
    ),
    "services:line_type.answer.outcome.${basic.lineType}": LINE_TYPES.map(
      (l) => `services:line_type.answer.outcome.${l}`,
    ),
    "services:hlr.answer.outcome.${answer.connectivity}": KIND_OUTCOMES.hlr.map(
      (c) => `services:hlr.answer.outcome.${c}`,
    ),
    "services:mnp.answer.outcome.${answer.ported}": KIND_OUTCOMES.mnp.map(
      (p) => `services:mnp.answer.outcome.${p}`,
    ),
    "detection:level.${fraud.level}": RISK_LEVELS.map((l) => `detection:level.${l}`),
    "detection:recommendation.${fraud.recommendation}": RECOMMENDATIONS.map(
      (r) => `detection:recommendation.${r}`,
    ),
    "fraud:${r.code}": FRAUD_REASON_CODES.map((c) => `fraud:${c}`),
    "apiUsage:charts.${key}": BAR_KEYS.map((k) => `apiUsage:charts.${k}`),
    "history:filters.${name}": SELECT_FILTERS.map((f) => `history:filters.${f}`),
    // History (apps/web/app/features/history and routes/dashboard/history*.tsx).
    "services:${r.service}.name": SERVICES.map((s) => `services:${s.code}.name`),
    "services:${job.service}.name": SERVICES.map((s) => `services:${s.code}.name`),
    "services:${code}.name": SERVICES.map((s) => `services:${s.code}.name`),
    "history:status.${s}": JOB_STATUSES.map((s) => `history:status.${s}`),
    "history:status.${status}": ["draft", ...JOB_STATUSES].map((s) => `history:status.${s}`),
    "history:channel.${c}": JOB_CHANNELS.map((c) => `history:channel.${c}`),
    "history:counts.${s.key}": ["total", "checked", "duplicates", "invalid", "failed", "charged"].map(
      (k) => `history:counts.${k}`,
    ),
    "history:itemStatus.${value}": JOB_ITEM_STATUSES.map((s) => `history:itemStatus.${s}`),
    "history:outcome.${value}": ["valid", "invalid", "unknown"].map((o) => `history:outcome.${o}`),
    "history:rejectReason.${value}": ["duplicate", "cancelled"].map((r) => `history:rejectReason.${r}`),
    "history:rejectReason.${reason}": ["invalid", "not_eligible"].map((r) => `history:rejectReason.${r}`),
    "history:summary.${facet}": [
      "status",
      "outcome",
      "lineType",
      "country",
      "carrier",
      "risk",
      "rejectReason",
    ].map((f) => `history:summary.${f}`),
    // A service's verdict: the values of the look-up kind's answer it names (facet-labels.ts).
    "services:${verdict}.answer.outcome.${value}": LOOKUP_KIND_CODES.flatMap((kind) =>
      KIND_OUTCOMES[kind].map((o) => `services:${kind}.answer.outcome.${o}`),
    ),
    "detection:recommendation.${value}": RECOMMENDATIONS.map((r) => `detection:recommendation.${r}`),
    "services:line_type.answer.outcome.${value}": KIND_OUTCOMES.line_type.map(
      (l) => `services:line_type.answer.outcome.${l}`,
    ),
    "services:line_type.answer.outcome.${type}": KIND_OUTCOMES.line_type.map(
      (l) => `services:line_type.answer.outcome.${l}`,
    ),
    "services:sms_pumping_risk.answer.outcome.${category}": KIND_OUTCOMES.sms_pumping_risk.map(
      (c) => `services:sms_pumping_risk.answer.outcome.${c}`,
    ),
    "services:caller_name.answer.outcome.${value}": KIND_OUTCOMES.caller_name.map(
      (o) => `services:caller_name.answer.outcome.${o}`,
    ),
    "detection:level.${value}": RISK_LEVELS.map((l) => `detection:level.${l}`),
    "detection:invalidReason.${reason}": INVALID_REASONS.map((r) => `detection:invalidReason.${r}`),
    // API keys (apps/web/app/features/api-key).
    "apiKeys:mode.${mode}.label": API_KEY_MODES.map((m) => `apiKeys:mode.${m}.label`),
    "apiKeys:mode.${mode}.help": API_KEY_MODES.map((m) => `apiKeys:mode.${m}.help`),
    "apiKeys:scopes.${scopeKey(scope)}.label": API_KEY_SCOPES.map(
      (s) => `apiKeys:scopes.${scopeKey(s)}.label`,
    ),
    "apiKeys:scopes.${scopeKey(scope)}.help": API_KEY_SCOPES.map((s) => `apiKeys:scopes.${scopeKey(s)}.help`),
    "apiKeys:status.${status}": API_KEY_STATUSES.map((s) => `apiKeys:status.${s}`),
    "apiKeys:statusNote.${key.status}": ["rolling", "revoked"].map((s) => `apiKeys:statusNote.${s}`),
    "apiKeys:create.expiryChoice.${value}": EXPIRY_CHOICES.map((c) => `apiKeys:create.expiryChoice.${c}`),
    "apiKeys:roll.graceOption.${hours}": API_KEY_ROLL_GRACE_HOURS.map((h) => `apiKeys:roll.graceOption.${h}`),
  };

  const used = sources.flatMap(({ file, text }) =>
    [...text.matchAll(keyLiteral)].map((m) => ({
      file,
      key: m[2]!,
      dynamic: m[1] === "`" && m[2]!.includes("${"),
    })),
  );

  it("reads the expected expansions", () => {
    expect(COLOR_MODES).toEqual(["light", "dark", "system"]);
    expect(highlights).toEqual(["accuracy", "speed", "privacy"]);
    expect(steps).toEqual(["topUp", "submit", "results"]);
    expect(pricing).toEqual(["perNumber", "noCharge", "estimate", "ledger"]);
    expect(used.filter((u) => !u.dynamic).length).toBeGreaterThan(50);
  });

  it("every static key of apps/web/app exists in the English catalogs", () => {
    // Permission strings ("tenant:update") look like keys but are not.
    const missing = used
      .filter(
        (u) => !u.dynamic && !(ALL_PERMISSIONS as readonly string[]).includes(u.key) && !hasEnglishKey(u.key),
      )
      .map((u) => `${u.file}: ${u.key}`);
    expect(missing).toEqual([]);
  });

  it("every template-literal key of apps/web/app is known and all its expansions exist", () => {
    const dynamic = used.filter((u) => u.dynamic);
    expect(dynamic.length).toBeGreaterThan(0);
    const unknown = dynamic.filter((u) => !(u.key in DYNAMIC)).map((u) => `${u.file}: ${u.key}`);
    expect(unknown, "add the expansions of these keys to DYNAMIC").toEqual([]);
    const missing = dynamic.flatMap((u) => (DYNAMIC[u.key] ?? []).filter((k) => !hasEnglishKey(k)));
    expect(missing).toEqual([]);
  });

  it("the helper itself notices a missing key", () => {
    expect(hasEnglishKey("common:colorMode.label")).toBe(true);
    expect(hasEnglishKey("common:colorMode")).toBe(false);
    expect(hasEnglishKey("common:noSuchKey")).toBe(false);
    expect(hasEnglishKey("nope:colorMode.label")).toBe(false);
  });

  it("every e-mail template has a subject and body, plus greeting and footer", () => {
    const missing = [
      "emails:greeting",
      "emails:footer",
      ...EMAIL_TEMPLATES.flatMap((t) => [`emails:${t}.subject`, `emails:${t}.body`]),
    ].filter((k) => !hasEnglishKey(k));
    expect(missing).toEqual([]);
  });

  it("every notice type has a title and a body, and every built-in role and recharge method a name for notices", () => {
    const missing = [
      ...NOTICE_TYPES.flatMap((t) => [`notices:${t}.title`, `notices:${t}.body`]),
      ...BUILT_IN_ROLE_KEYS.map((k) => `notices:roles.${k}`),
      ...RECHARGE_METHODS.map((m) => `notices:recharge_methods.${m}`),
    ].filter((k) => !hasEnglishKey(k));
    expect(missing).toEqual([]);
  });

  it("every service has a name and a description", () => {
    const missing = SERVICES.flatMap((s) => [
      `services:${s.code}.name`,
      `services:${s.code}.description`,
    ]).filter((k) => !hasEnglishKey(k));
    expect(missing).toEqual([]);
  });

  it("every ErrorKey has an errors.json entry", () => {
    expect(ERROR_KEYS.length).toBeGreaterThan(0);
    expect(ERROR_KEYS.filter((k) => !hasEnglishKey(`errors:${k}`))).toEqual([]);
  });

  it("every reason validation.ts can produce has a validation.json entry", () => {
    expect(validationReasons).toEqual(expect.arrayContaining(["required", "too_long", "code_format"]));
    expect(validationReasons.filter((r) => !hasEnglishKey(`validation:${r}`))).toEqual([]);
  });
});

/**
 * The reasons of fieldIssue: the literals its `reason:` expressions name, what it answers for
 * every zod 4 issue code, and the snake_case messages the shared schemas pass through it.
 */
function collectValidationReasons(): Set<string> {
  const reasons = new Set<string>();
  const source = readFileSync(join(ROOT, "packages/contracts/src/validation.ts"), "utf8");
  for (const m of source.matchAll(/reason:\s*([^,}]+)/g)) {
    for (const literal of m[1]!.matchAll(/"([a-z_]+)"/g)) reasons.add(literal[1]!);
  }
  const codes = [
    "invalid_type",
    "too_big",
    "too_small",
    "invalid_format",
    "not_multiple_of",
    "unrecognized_keys",
    "invalid_union",
    "invalid_key",
    "invalid_element",
    "invalid_value",
    "custom",
  ];
  for (const code of codes) {
    for (const variant of [
      { input: undefined, minimum: 1, maximum: 1, origin: "string", format: "email" },
      { input: "x", minimum: 2, maximum: 2, origin: "array", format: "regex" },
    ]) {
      reasons.add(fieldIssue({ code, path: [], ...variant }).reason);
    }
  }
  const contracts = join(ROOT, "packages/contracts/src");
  for (const file of readdirSync(contracts).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const text = readFileSync(join(contracts, file), "utf8");
    for (const m of text.matchAll(/(?:error|message):\s*"([a-z_]+)"/g)) reasons.add(m[1]!);
  }
  return reasons;
}
