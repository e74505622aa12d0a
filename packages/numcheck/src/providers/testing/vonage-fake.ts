import { VONAGE_CONTRACT, vonageSchemas } from "../vonage-contract";
import { type FakeCall, type FakeContract, type FakeReply, FakeUpstream } from "./fake-upstream";
import { publishedReply } from "./published";

/**
 * A fake Vonage Number Insight (Advanced and Standard, synchronous) and answers for every outcome
 * its contract allows (vonage-contract.ts). Every fixture follows VONAGE_CONTRACT and says so.
 */
export const VONAGE_TEST_KEY = "vonage-key";
export const VONAGE_TEST_SECRET = "vonage-secret";

const contract = vonageSchemas("contract");
export const ADVANCED = "/ni/advanced/json";
export const STANDARD = "/ni/standard/json";
const EXPECTED_AUTH = `Basic ${Buffer.from(`${VONAGE_TEST_KEY}:${VONAGE_TEST_SECRET}`).toString("base64")}`;

/** A non-zero status: the API answers HTTP 200 with little more than the status. */
export const vonageStatus = (status: number, status_message: string): FakeReply => ({
  contract: VONAGE_CONTRACT,
  body: { status, status_message, request_id: "aaaaaaaa-bbbb-cccc-dddd-0123456789ab" },
});

const vonageContract: FakeContract = {
  contract: VONAGE_CONTRACT,
  checkRequest(call: FakeCall): string[] {
    const problems: string[] = [];
    if (call.method !== "GET") problems.push(`method ${call.method}`);
    if (call.path !== ADVANCED && call.path !== STANDARD)
      problems.push("no such path (synchronous calls only)");
    const keys = [...call.query.keys()];
    // cnam=true (the caller name, United States numbers) is the one other parameter sent.
    const cnam = keys.join(",") === "number,cnam" && call.query.get("cnam") === "true";
    if (keys.join(",") !== "number" && !cnam)
      problems.push(`query parameters ${keys.join(",")} (number and cnam only; never callback)`);
    if (!/^[1-9]\d{6,14}$/.test(call.query.get("number") ?? ""))
      problems.push("number is not international digits");
    return problems;
  },
  refuse(call: FakeCall): FakeReply | null {
    return call.headers.authorization === EXPECTED_AUTH ? null : vonageStatus(4, "Invalid credentials");
  },
  schemaFor(_call: FakeCall, status: number) {
    return status === 200 ? contract.advanced : null;
  },
};

const VODAFONE = { network_code: "23415", name: "Vodafone Limited", country: "GB", network_type: "mobile" };
const O2 = { network_code: "23410", name: "Telefonica UK Limited", country: "GB", network_type: "mobile" };

/** Fields only Advanced answers have; a Standard answer leaves them out. */
const ADVANCED_ONLY = [
  "roaming",
  "lookup_outcome",
  "lookup_outcome_message",
  "valid_number",
  "reachable",
  "real_time_data",
];

/** An Advanced answer about a UK mobile, with the outcome's fields; trimmed to Standard on that path. */
function answer(call: FakeCall, fields: Record<string, unknown>): FakeReply {
  const number = call.query.get("number") ?? "447700900000";
  const body: Record<string, unknown> = {
    status: 0,
    status_message: "Success",
    request_id: "aaaaaaaa-bbbb-cccc-dddd-0123456789ab",
    international_format_number: number,
    national_format_number: `0${number.slice(2, 6)} ${number.slice(6)}`,
    country_code: "GB",
    country_code_iso3: "GBR",
    country_name: "United Kingdom",
    country_prefix: "44",
    request_price: "0.03000000",
    remaining_balance: "10.00000000",
    current_carrier: VODAFONE,
    original_carrier: VODAFONE,
    ported: "not_ported",
    roaming: { status: "not_roaming" },
    lookup_outcome: 0,
    lookup_outcome_message: "Success",
    valid_number: "valid",
    reachable: "reachable",
    ...fields,
  };
  if (call.path === STANDARD) for (const field of ADVANCED_ONLY) delete body[field];
  return { contract: VONAGE_CONTRACT, body };
}

/** Answers, one per outcome. */
export const vonageInsight = {
  /** Reachable, on its home network; every field of the contract filled. */
  connected: (call: FakeCall) =>
    answer(call, {
      refund_price: "0.00000000",
      caller_identity: { caller_type: "unknown", caller_name: "", first_name: "", last_name: "" },
      caller_name: "",
      first_name: "",
      last_name: "",
      caller_type: "unknown",
      real_time_data: { active_status: "true", handset_status: "On" },
    }),
  /** A United States consumer's caller name (Standard with cnam=true). */
  callerName: (call: FakeCall) =>
    answer(call, {
      country_code: "US",
      country_code_iso3: "USA",
      country_name: "United States of America",
      country_prefix: "1",
      caller_identity: {
        caller_type: "consumer",
        caller_name: "John Smith",
        first_name: "John",
        last_name: "Smith",
      },
    }),
  absent: (call: FakeCall) => answer(call, { reachable: "absent" }),
  undeliverable: (call: FakeCall) => answer(call, { reachable: "undeliverable" }),
  /** Not a valid subscriber number. */
  badNumber: (call: FakeCall) =>
    answer(call, {
      reachable: "bad_number",
      valid_number: "not_valid",
      ported: "unknown",
      roaming: "unknown",
    }),
  /** Moved from Vodafone to O2. */
  ported: (call: FakeCall) => answer(call, { ported: "ported", current_carrier: O2 }),
  /** Vonage assumes the number moved (no portability database answer). */
  assumedPorted: (call: FakeCall) => answer(call, { ported: "assumed_ported", current_carrier: O2 }),
  /** Switched on in France, served by SFR. */
  roaming: (call: FakeCall) =>
    answer(call, {
      roaming: {
        status: "roaming",
        roaming_country_code: "FR",
        roaming_network_code: "20810",
        roaming_network_name: "SFR",
      },
    }),
  /** Status 43: the live look-up was not handled; the live part is refunded. */
  notHandled: (call: FakeCall) =>
    answer(call, {
      status: 43,
      status_message: "Lookup not handled",
      refund_price: "0.02500000",
      ported: "unknown",
      roaming: "unknown",
      lookup_outcome: 1,
      lookup_outcome_message: "Partial success - some fields populated",
      valid_number: "unknown",
      reachable: "unknown",
    }),
  blacklisted: (call: FakeCall) => answer(call, { reachable: "blacklisted" }),
  /** A fixed line: no live data. */
  landline: (call: FakeCall) =>
    answer(call, {
      current_carrier: { ...VODAFONE, network_type: "landline" },
      reachable: "unknown",
      roaming: "unknown",
    }),
};

/**
 * The OpenAPI contract's examples (published/README.md), served as published; `change` sets what
 * a test varies within the contract (a null it allows, another value of a list it gives).
 */
export const vonagePublished = {
  advanced: (change: Record<string, unknown> = {}) =>
    publishedReply(VONAGE_CONTRACT, "vonageAdvanced", change),
  advancedRoamingUnknown: () => publishedReply(VONAGE_CONTRACT, "vonageAdvancedRoamingUnknown"),
  standard: (change: Record<string, unknown> = {}) =>
    publishedReply(VONAGE_CONTRACT, "vonageStandard", change),
};

/** The non-zero statuses that are not answers. */
export const vonageStatuses = {
  throttled: vonageStatus(1, "Throttled"),
  invalid: vonageStatus(3, "Invalid request"),
  credentials: vonageStatus(4, "Invalid credentials"),
  internal: vonageStatus(5, "Internal Error"),
  quota: vonageStatus(9, "Partner quota exceeded"),
};

/** A fake Vonage that answers a reachable, not ported UK mobile unless told otherwise. */
export function vonageFake(): FakeUpstream {
  return new FakeUpstream(vonageContract, vonageInsight.connected);
}
