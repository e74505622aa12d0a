import { E164 } from "../contract-fields";
import { TWILIO_CONTRACT, twilioSchemas } from "../twilio-contract";
import { type FakeCall, type FakeContract, type FakeReply, FakeUpstream } from "./fake-upstream";
import { publishedReply } from "./published";

/**
 * A fake Twilio Lookup v2 and answers for every outcome its contract can express
 * (twilio-contract.ts). Like Twilio, it fills only the data packages asked for in Fields. Every
 * fixture follows TWILIO_CONTRACT and says so.
 */
export const TWILIO_TEST_SID = "AC00000000000000000000000000000000";
export const TWILIO_TEST_TOKEN = "twilio-test-token";

const contract = twilioSchemas("contract");
const PATH = /^\/v2\/PhoneNumbers\/([^/]+)$/;
const FIELDS = [
  "validation",
  "caller_name",
  "sim_swap",
  "call_forwarding",
  "line_status",
  "line_type_intelligence",
  "identity_match",
  "reassigned_number",
  "sms_pumping_risk",
  "phone_number_quality_score",
  "pre_fill",
];
const PACKAGES = [
  "caller_name",
  "sim_swap",
  "call_forwarding",
  "line_type_intelligence",
  "line_status",
  "identity_match",
  "reassigned_number",
  "sms_pumping_risk",
  "phone_number_quality_score",
  "pre_fill",
] as const;
type Package = (typeof PACKAGES)[number];

/** Twilio's error body. */
export const twilioError = (status: number, code: number, message: string): FakeReply => ({
  contract: TWILIO_CONTRACT,
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const EXPECTED_AUTH = `Basic ${Buffer.from(`${TWILIO_TEST_SID}:${TWILIO_TEST_TOKEN}`).toString("base64")}`;

const twilioContract: FakeContract = {
  contract: TWILIO_CONTRACT,
  checkRequest(call: FakeCall): string[] {
    const problems: string[] = [];
    if (call.method !== "GET") problems.push(`method ${call.method}`);
    const number = PATH.exec(call.path)?.[1];
    if (!number) problems.push("no such path in the contract");
    else if (!E164.test(number)) problems.push("PhoneNumber is not E.164");
    const keys = [...call.query.keys()];
    if (keys.join(",") !== "Fields") problems.push(`query parameters ${keys.join(",")} (Fields only)`);
    for (const field of fieldsOf(call)) if (!FIELDS.includes(field)) problems.push(`unknown field ${field}`);
    return problems;
  },
  refuse(call: FakeCall): FakeReply | null {
    return call.headers.authorization === EXPECTED_AUTH ? null : twilioError(401, 20003, "Authenticate");
  },
  schemaFor(_call: FakeCall, status: number) {
    if (status === 200) return contract.lookup;
    return status >= 400 ? contract.error : null;
  },
};

export function fieldsOf(call: FakeCall): string[] {
  return (call.query.get("Fields") ?? "").split(",").filter(Boolean);
}

const VODAFONE = { mobile_country_code: "234", mobile_network_code: "15" };

/** The data each outcome's packages hold; a package is only sent when asked for. */
type Packages = Partial<Record<Package, unknown>>;

const lineType = (type: string) => ({ ...VODAFONE, carrier_name: "Vodafone UK", type, error_code: null });
const lineStatus = (status: string) => ({ status, error_code: null });
const noSwap = {
  last_sim_swap: { last_sim_swap_date: null, swapped_period: "PT24H", swapped_in_period: false },
  carrier_name: "Vodafone UK",
  ...VODAFONE,
  error_code: null,
};
const notForwarded = { call_forwarding_enabled: false, error_code: null };

/** A valid UK mobile number's answer with the packages the call asked for. */
function answer(call: FakeCall, packages: Packages, valid = true): FakeReply {
  const number = decodeURIComponent(PATH.exec(call.path)?.[1] ?? "");
  const asked = new Set(fieldsOf(call));
  const body: Record<string, unknown> = {
    calling_country_code: valid ? "44" : null,
    country_code: valid ? "GB" : null,
    phone_number: number,
    national_format: valid ? `0${number.slice(3)}` : null,
    valid,
    validation_errors: valid ? null : ["TOO_LONG"],
  };
  for (const name of PACKAGES) body[name] = asked.has(name) ? (packages[name] ?? null) : null;
  body.url = `https://lookups.twilio.com/v2/PhoneNumbers/${number}`;
  return { contract: TWILIO_CONTRACT, body };
}

/** Answers, one per outcome. */
export const twilioLookup = {
  /** Handset connected and reachable; no recent SIM swap; not forwarded. */
  reachable: (call: FakeCall) =>
    answer(call, {
      line_status: lineStatus("reachable"),
      line_type_intelligence: lineType("mobile"),
      sim_swap: noSwap,
      call_forwarding: notForwarded,
    }),
  /** In service on the network, reachability not known. */
  active: (call: FakeCall) =>
    answer(call, { line_status: lineStatus("active"), line_type_intelligence: lineType("mobile") }),
  /** In service, handset switched off or out of reach. */
  unreachable: (call: FakeCall) =>
    answer(call, { line_status: lineStatus("unreachable"), line_type_intelligence: lineType("mobile") }),
  /** Not assigned to any subscriber. */
  inactive: (call: FakeCall) =>
    answer(call, { line_status: lineStatus("inactive"), line_type_intelligence: lineType("mobile") }),
  /** Not a valid number at all (the contract's own "fetchInvalid" shape: every package null). */
  invalid: (call: FakeCall) => answer(call, {}, false),
  /** Line status unknown. */
  unknown: (call: FakeCall) =>
    answer(call, { line_status: lineStatus("unknown"), line_type_intelligence: lineType("mobile") }),
  /** Twilio could not run the packages (error 60600: unprovisioned or out of coverage). */
  packageErrors: (call: FakeCall) =>
    answer(call, {
      line_status: { status: null, error_code: 60600 },
      line_type_intelligence: { ...lineType("mobile"), carrier_name: null, type: null, error_code: 60600 },
      sim_swap: { last_sim_swap: null, carrier_name: null, error_code: 60600 },
      call_forwarding: { call_forwarding_enabled: null, error_code: 60600 },
    }),
  /** SIM changed within the last day, and every call forwarded: strong fraud signals. */
  swappedAndForwarded: (call: FakeCall) =>
    answer(call, {
      line_status: lineStatus("reachable"),
      line_type_intelligence: lineType("mobile"),
      sim_swap: {
        ...noSwap,
        last_sim_swap: {
          last_sim_swap_date: "2030-05-05T20:52:09Z",
          swapped_period: "PT15282H33M44S",
          swapped_in_period: true,
        },
      },
      call_forwarding: { call_forwarding_enabled: true, error_code: null },
    }),
  /** A number Twilio's fraud guard blocked for SMS pumping, with a high score. */
  pumpingBlocked: (call: FakeCall) =>
    answer(call, {
      line_status: lineStatus("reachable"),
      line_type_intelligence: lineType("mobile"),
      sms_pumping_risk: {
        carrier_risk_category: "high",
        number_blocked: true,
        number_blocked_date: "2030-05-01T00:00:00Z",
        number_blocked_last_3_months: true,
        sms_pumping_risk_score: 95,
        error_code: null,
      },
    }),
  /** A line of the given Line Type Intelligence type (landline, fixedVoip, tollFree, ...). */
  lineType: (call: FakeCall, type = "landline") => answer(call, { line_type_intelligence: lineType(type) }),
  /** A non-fixed VoIP number (the contract's own line type example). */
  voip: (call: FakeCall) =>
    answer(call, {
      line_status: lineStatus("active"),
      line_type_intelligence: {
        mobile_country_code: "240",
        mobile_network_code: "38",
        carrier_name: "Twilio - SMS/MMS-SVR",
        type: "nonFixedVoip",
        error_code: null,
      },
    }),
};

/**
 * The contract's own examples (published/README.md), served as published: each has only the
 * package its example asked for, whatever the call asked.
 */
export const twilioPublished = {
  lineStatusActive: () => publishedReply(TWILIO_CONTRACT, "twilioLineStatusActive"),
  lineStatusInactive: () => publishedReply(TWILIO_CONTRACT, "twilioLineStatusInactive"),
  lineTypeIntelligence: () => publishedReply(TWILIO_CONTRACT, "twilioLineTypeIntelligence"),
  invalid: () => publishedReply(TWILIO_CONTRACT, "twilioInvalid"),
  simSwapAndCallForwarding: () => publishedReply(TWILIO_CONTRACT, "twilioSimSwapAndCallForwarding"),
  simSwap: () => publishedReply(TWILIO_CONTRACT, "twilioSimSwap"),
  simSwapWithoutDate: () => publishedReply(TWILIO_CONTRACT, "twilioSimSwapWithoutDate"),
  simSwapFalseSwapped: () => publishedReply(TWILIO_CONTRACT, "twilioSimSwapFalseSwapped"),
  smsPumpingRisk: () => publishedReply(TWILIO_CONTRACT, "twilioSmsPumpingRisk"),
  callerName: () => publishedReply(TWILIO_CONTRACT, "twilioCallerName"),
};

/** Twilio's error answers. */
export const twilioErrors = {
  notFound: twilioError(404, 20404, "The requested resource was not found"),
  tooManyRequests: twilioError(429, 20429, "Too Many Requests"),
  internal: twilioError(500, 20500, "Internal Server Error"),
  /** Not in the contract (it defines no 402): how the adapter takes a 402 from any provider. */
  paymentRequired: twilioError(402, 20005, "Account not active"),
};

/** A fake Twilio that answers a reachable UK mobile number unless told otherwise. */
export function twilioFake(): FakeUpstream {
  return new FakeUpstream(twilioContract, twilioLookup.reachable);
}
