import { E164 } from "../contract-fields";
import { TYNTEC_CONTRACT, TYNTEC_SERVER_PATH, tyntecSchemas } from "../tyntec-contract";
import { type FakeCall, type FakeContract, type FakeReply, FakeUpstream } from "./fake-upstream";
import { publishedReply } from "./published";

/**
 * A fake tyntec Number Information API and answers for every outcome its contract allows
 * (tyntec-contract.ts). Every fixture follows TYNTEC_CONTRACT and says so.
 */
export const TYNTEC_TEST_KEY = "tyntec-test-key";

const contract = tyntecSchemas("contract");
const GNV = `${TYNTEC_SERVER_PATH}/gnv`;
const GNP = `${TYNTEC_SERVER_PATH}/gnp`;

const problem = (status: number, title: string, detail: string): FakeReply => ({
  contract: TYNTEC_CONTRACT,
  status,
  body: {
    type: `https://docs.tyntec.com/problems/${title.replace(/\s+/g, "")}`,
    title,
    status: String(status),
    detail,
  },
});

const tyntecContract: FakeContract = {
  contract: TYNTEC_CONTRACT,
  checkRequest(call: FakeCall): string[] {
    const problems: string[] = [];
    if (call.method !== "GET") problems.push(`method ${call.method}`);
    if (call.path !== GNV && call.path !== GNP) problems.push("no such path in the contract");
    const keys = [...call.query.keys()];
    if (keys.join(",") !== "msisdn")
      problems.push(`query parameters ${keys.join(",")} (msisdn only; never callbackUrl)`);
    if (!E164.test(call.query.get("msisdn") ?? "")) problems.push("msisdn is not in international format");
    return problems;
  },
  refuse(call: FakeCall): FakeReply | null {
    const key = call.headers.apikey;
    if (key === undefined) return problem(403, "Forbidden", "Authorization information is missing");
    return key === TYNTEC_TEST_KEY ? null : problem(401, "Unauthorized", "Invalid account credentials");
  },
  schemaFor(call: FakeCall, status: number) {
    if (status === 200) return call.path === GNP ? contract.gnp : contract.gnv;
    return [400, 401, 402, 403, 500].includes(status) ? contract.problem : null;
  },
};

const TELEKOM = { MCC: "262", MNC: "01", Operator: "Telekom Deutschland", Country: "DEU", Technology: "GSM" };
const VODAFONE = { MCC: "262", MNC: "02", Operator: "Vodafone", Country: "DEU", Technology: "GSM" };
const SFR = { MCC: "208", MNC: "10", Operator: "SFR", Country: "FRA", Technology: "GSM" };

function prefixed(prefix: string, network: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(network).map(([field, value]) => [`${prefix}${field}`, value]));
}

/** A GNV answer: a priced, synchronous answer about a Telekom number, with the outcome's fields. */
const gnvAnswer = (msisdn: string, fields: Record<string, unknown>): FakeReply => ({
  contract: TYNTEC_CONTRACT,
  body: {
    msisdn,
    errorCode: "0",
    price: 0.0045,
    currency: "EUR",
    ...prefixed("nrh", TELEKOM),
    synchronous: true,
    ...fields,
  },
});

/** GNV answers, one per outcome. */
export const gnv = {
  /** Switched-on handset on its home network, not ported; every field of the contract filled. */
  connected: (msisdn: string): FakeReply =>
    gnvAnswer(msisdn, {
      requestId: "12-86cfafba-8677-f42b-5050-ece6af6abf01",
      ported: "false",
      roaming: "false",
      presence: "true",
      priceEffective: "2010-11-01T00:00:00+0000",
      ...prefixed("imsi", TELEKOM),
      imsi: "262011234567890",
      hlrCC: "49",
      hlrNDC: "151",
      hlr: "49151000000",
      ...prefixed("hlr", TELEKOM),
      mscCC: "49",
      mscNDC: "151",
      msc: "49151000001",
      ...prefixed("msc", TELEKOM),
    }),
  /** Switched off (MAP absentSubscriber). */
  absent: (msisdn: string): FakeReply =>
    gnvAnswer(msisdn, {
      ported: "false",
      roaming: "unknown",
      presence: "false",
      errorCode: "27",
      ...prefixed("imsi", TELEKOM),
    }),
  /** Not allocated to any subscriber (MAP unknownSubscriber): no subscription network. */
  unknownSubscriber: (msisdn: string): FakeReply =>
    gnvAnswer(msisdn, { ported: "unknown", roaming: "unknown", presence: "unknown", errorCode: "1" }),
  /** Moved from Telekom (range holder) to Vodafone (subscription network). */
  ported: (msisdn: string): FakeReply =>
    gnvAnswer(msisdn, {
      ported: "true",
      roaming: "false",
      presence: "true",
      ...prefixed("imsi", VODAFONE),
      ...prefixed("msc", VODAFONE),
    }),
  /** A Telekom subscriber switched on in France, served by SFR. */
  roaming: (msisdn: string): FakeReply =>
    gnvAnswer(msisdn, {
      ported: "false",
      roaming: "true",
      presence: "true",
      ...prefixed("imsi", TELEKOM),
      mscCC: "33",
      mscNDC: "6",
      ...prefixed("msc", SFR),
    }),
  /** The network would not say (MAP systemFailure): every flag "unknown", nothing charged. */
  unknown: (msisdn: string): FakeReply =>
    gnvAnswer(msisdn, {
      ported: "unknown",
      roaming: "unknown",
      presence: "unknown",
      errorCode: "34",
      price: undefined,
      currency: undefined,
    }),
};

/** GNP answers, one per outcome. */
export const gnp = {
  /** Every field of the contract filled; the price written as a string, as the contract's example does. */
  ported: (msisdn: string): FakeReply => ({
    contract: TYNTEC_CONTRACT,
    body: {
      requestId: "12-86cfafba-8677-f42b-5050-ece6af6abf02",
      msisdn,
      ported: "true",
      price: "0.001",
      currency: "EUR",
      priceEffective: "2010-11-01T00:00:00+0000",
      errorCode: "0",
      mcc: "262",
      mnc: "07",
      ttid: "17",
      operator: "Telefonica O2",
      country: "DEU",
      timezone: "+0100",
      technology: "GSM",
      synchronous: true,
    },
  }),
  notPorted: (msisdn: string): FakeReply => ({
    contract: TYNTEC_CONTRACT,
    body: {
      msisdn,
      ported: "false",
      price: 0.001,
      currency: "EUR",
      mcc: "234",
      mnc: "15",
      operator: "Vodafone",
      country: "GBR",
    },
  }),
  /** The portability databases could not tell. */
  unknown: (msisdn: string): FakeReply => ({
    contract: TYNTEC_CONTRACT,
    body: { msisdn, ported: "unknown", errorCode: "0", price: 0.001, currency: "EUR", synchronous: true },
  }),
  /** An unsuccessful attempt: a non-zero errorCode and no portability data. */
  failed: (msisdn: string): FakeReply => ({
    contract: TYNTEC_CONTRACT,
    body: { msisdn, errorCode: "34", synchronous: true },
  }),
};

/**
 * tyntec's published answers as published (published/README.md): its OpenAPI contracts' examples
 * and its documentation page's, which gives the tyntec ids as numbers, time zones spelled
 * `*Timezone`, `errorCode` the number 0 and `synchronous` the string "true". Each follows the
 * contract schema as it is.
 */
export const tyntecPublished = {
  gnvOpenApi: () => publishedReply(TYNTEC_CONTRACT, "tyntecGnvOpenApi"),
  hlrLookupOpenApi: () => publishedReply(TYNTEC_CONTRACT, "tyntecHlrLookupOpenApi"),
  gnvDocsPage: () => publishedReply(TYNTEC_CONTRACT, "tyntecGnvDocsPage"),
  gnpOpenApi: () => publishedReply(TYNTEC_CONTRACT, "tyntecGnpOpenApi"),
};

/** The contract's error answers (RFC 7807 problems). */
export const tyntecProblems = {
  badRequest: problem(400, "Bad Request", "Error in msisdn or in callback Url"),
  paymentRequired: problem(
    402,
    "Payment Required",
    "The current credit balance is not sufficient for this request",
  ),
  internalError: problem(500, "Internal Server Error", "Something went wrong"),
};

/** A fake tyntec that answers a switched-on, not ported subscriber unless told otherwise. */
export function tyntecFake(): FakeUpstream {
  return new FakeUpstream(tyntecContract, (call) =>
    call.path === GNP
      ? gnp.notPorted(call.query.get("msisdn") ?? "")
      : gnv.connected(call.query.get("msisdn") ?? ""),
  );
}
