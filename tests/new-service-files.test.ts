import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { KIND_FIELDS } from "@nc/contracts/detection-single";
import { LIVE_SIGNAL_CODES, LOOKUP_KIND_CODES, type LookupKindCode, SERVICES } from "@nc/contracts/services";
import { SPENDING_TYPES as CONTRACT_SPENDING_TYPES, TRADE_TYPES } from "@nc/contracts/trade-types";
import { LIVE_SIGNALS, LOOKUP_KINDS } from "@nc/numcheck/types";
import { describe, expect, it } from "vitest";
import { SPENDING_TYPES } from "../apps/server/src/features/account/account-repo";
import { TRADE_TYPE_LABEL_KEYS } from "../apps/web/app/features/account/trade-type";

/**
 * What a new service must touch (docs/architecture.md, "One service descriptor"): its descriptor
 * in packages/contracts/src/services.ts, its translations (the `services` catalogues) and, for a
 * new kind of look-up, its provider mapping. Product code reads everything else from the
 * descriptor. This test fails when a service's code is written anywhere else in product code, or
 * when code branches on a service's code instead of on what its descriptor says.
 */
const ROOT = join(import.meta.dirname, "..");
const SOURCES = ["apps/server/src", "apps/web/app", "packages/contracts/src", "packages/numcheck/src"];
const ALLOWED = new Set(["packages/contracts/src/services.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === "testing" ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = SOURCES.flatMap(sourceFiles).map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), "utf8"),
}));

/** Hand-written tests of what a service needs: a look-up kind by name, or "any look-up at all". */
const HAND_WRITTEN_NEED = [
  new RegExp(`\\bneeds\\??\\.(${LOOKUP_KINDS.join("|")})\\b`),
  new RegExp(`\\]\\.(${LOOKUP_KINDS.join("|")})\\b`),
  /\bneeds\[/,
  /\blookups\s*\.\s*(length|some|every)\b/,
  /\blookupsOf\([^)]*\)\s*\.\s*(length|some|every)\b/,
];

describe("a new service touches only its descriptor, its provider mapping and its translations", () => {
  it("reads product code from more than a handful of files (the scan works)", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((f) => f.path === "packages/contracts/src/services.ts")).toBe(true);
  });

  // Codes that are not also the name of a look-up kind ("hlr", "mnp", "line_type", ...: a service that
  // sells one look-up is named after it, and the provider mapping speaks of kinds) or a word ("basic").
  const kinds: readonly string[] = LOOKUP_KINDS;
  const distinct = SERVICES.map((s) => s.code).filter((code) => code.includes("_") && !kinds.includes(code));

  it("the services named after no look-up kind are still scanned", () => {
    expect(distinct).toEqual(expect.arrayContaining(["fraud_shield", "fraud_shield_enhanced"]));
  });

  it.each(distinct)("the code %s is written only in the descriptor", (code) => {
    const quoted = new RegExp(`["'\`]${code}["'\`]`);
    const offenders = files
      .filter((f) => !ALLOWED.has(f.path) && quoted.test(f.text))
      .map((f) => relative(ROOT, join(ROOT, f.path)));
    expect(offenders).toEqual([]);
  });

  it("needsLiveLookup() is the only test of whether a service needs a live look-up", () => {
    // What a service needs is read from its descriptor through services.ts: a hand-written test of
    // its look-ups ("needs.hlr || needs.mnp", "lookups.length > 0") would go wrong for a new kind.
    const handWritten = HAND_WRITTEN_NEED;
    const offenders = files
      .filter((f) => !ALLOWED.has(f.path) && handWritten.some((pattern) => pattern.test(f.text)))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it.each([
    "const live = needs.hlr || needs.mnp;",
    "if (NEEDS[service].hlr) {",
    'for (const k of ["hlr", "mnp"]) if (service.needs[k]) {',
    "const live = service.needs.lookups.length > 0;",
    "lookupsOf(code).some(Boolean)",
  ])("the scan finds the hand-written need test %s (it can fail)", (sample) => {
    expect(HAND_WRITTEN_NEED.some((pattern) => pattern.test(sample))).toBe(true);
  });

  it.each(["needs.lookups.flatMap(columnsOf)", "needs.fraud ? FRAUD : []", "needs.scopes.some(granted)"])(
    "the scan leaves %s alone",
    (sample) => {
      expect(HAND_WRITTEN_NEED.some((pattern) => pattern.test(sample))).toBe(false);
    },
  );

  it("the contracts' look-up kinds are the engine's (the two packages import nothing of each other)", () => {
    expect([...LOOKUP_KIND_CODES]).toEqual([...LOOKUP_KINDS]);
    expect([...LIVE_SIGNAL_CODES]).toEqual([...LIVE_SIGNALS]);
  });

  it("every look-up a service needs is a kind the engine looks up", () => {
    for (const service of SERVICES) {
      for (const kind of service.needs.lookups) expect(LOOKUP_KINDS).toContain(kind);
    }
  });

  it("every look-up kind is sold alone by a service of its own code, whose name names the kind", () => {
    // The operator's providers page labels each kind's chain with that service's name, so a new
    // kind needs no label of its own (apps/web/app/routes/operator/providers.tsx).
    for (const kind of LOOKUP_KIND_CODES) {
      const alone = SERVICES.find((s) => s.code === kind);
      expect(alone?.needs.lookups, kind).toEqual([kind]);
    }
  });

  it("no product code branches on a service's code", () => {
    const codes = SERVICES.map((s) => s.code).join("|");
    const branch = new RegExp(`(case|service\\s*[!=]==|\\.startsWith\\()\\s*\\(?["'](${codes})`);
    // The provider mapping speaks of look-up kinds ("hlr", "mnp"), which is where a new kind goes.
    const mapping = (path: string) => path.startsWith("packages/numcheck/src/providers/");
    const offenders = files
      .filter((f) => !ALLOWED.has(f.path) && !mapping(f.path) && branch.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});

describe('a new service\'s trade type (docs/architecture.md, "Adding a service")', () => {
  const named = new Set<number>(Object.values(TRADE_TYPES));

  it.each(SERVICES.map((s) => [s.code, s.tradeType] as const))(
    "%s charges a named trade type that counts as spending, labelled with the service's name",
    (code, tradeType) => {
      expect(named.has(tradeType)).toBe(true);
      expect(SPENDING_TYPES).toContain(tradeType);
      expect(TRADE_TYPE_LABEL_KEYS[tradeType]).toBe(`services:${code}.name`);
    },
  );

  it("trade types come from the service list: each service's name and number, none shared", () => {
    for (const service of SERVICES) {
      expect((TRADE_TYPES as Record<string, number>)[service.tradeTypeName]).toBe(service.tradeType);
    }
    expect(new Set(Object.values(TRADE_TYPES)).size).toBe(Object.values(TRADE_TYPES).length);
    expect(SPENDING_TYPES).toBe(CONTRACT_SPENDING_TYPES);
  });

  it("the stored numbers do not change (the ledger holds them)", () => {
    expect(TRADE_TYPES).toEqual({
      checkNumberApi: 1,
      add: 2,
      sub: 3,
      recharge: 4,
      checkBasic: 5,
      checkHlr: 6,
      checkMnp: 7,
      checkFraudShield: 8,
      checkFraudShieldEnhanced: 9,
      refund: 10,
      dataWebDetection: 11,
      dataApiDetection: 12,
      checkLineType: 13,
      checkSimSwap: 14,
      checkSmsPumpingRisk: 15,
      checkCallerName: 16,
    });
    expect([...SPENDING_TYPES].sort((a, b) => a - b)).toEqual([1, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16]);
  });

  it("every trade type has a label in the web", () => {
    const byNumber = (a: number, b: number) => a - b;
    expect(Object.keys(TRADE_TYPE_LABEL_KEYS).map(Number).sort(byNumber)).toEqual([...named].sort(byNumber));
  });
});

describe('a new look-up kind touches only its recipe\'s files (docs/providers.md, "Look-up kinds")', () => {
  /**
   * Outside the engine (its kinds, the providers' adapters, fraud signals), a kind is written only
   * in these: the descriptors, the kind's answer file and registry, its card and the cards'
   * registry, and the providers' settings (which extras a provider bills for).
   */
  const RECIPE = [
    /^packages\/contracts\/src\/services\.ts$/,
    /^packages\/contracts\/src\/kinds\//,
    /^apps\/web\/app\/features\/detection\/components\/([\w-]+-answer|answer-cards)\.tsx$/,
    /^apps\/server\/src\/config\.ts$/,
  ];
  const outsideEngine = files.filter(
    (f) => !f.path.startsWith("packages/numcheck/") && !RECIPE.some((allowed) => allowed.test(f.path)),
  );
  const written = (kind: LookupKindCode) => new RegExp(`["'\`.:]${kind}\\b|\\b${KIND_FIELDS[kind]}\\b`);
  // The first kinds are also words of the basic result and its facets: HLR and MNP networks give
  // the carrier facet, and `lineType` is the numbering plan's line type too.
  const woven = new Set(["hlr", "mnp", "line_type"]);

  it.each(LOOKUP_KIND_CODES.filter((kind) => !woven.has(kind)))("%s is written only there", (kind) => {
    const offenders = outsideEngine.filter((f) => written(kind).test(f.text)).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it.each([
    ["result.simSwap?.swapped", "sim_swap"],
    ['t("services:sms_pumping_risk.answer.title")', "sms_pumping_risk"],
    ['{ key: "callerName" }', "caller_name"],
  ] as const)("the scan finds %s (it can fail)", (sample, kind) => {
    expect(written(kind).test(sample)).toBe(true);
  });
});
