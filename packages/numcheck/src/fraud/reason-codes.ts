/**
 * Every reason code the fraud score can give. The product translates them: each code is a key of
 * packages/contracts/locales/<locale>/fraud.json (a test checks English has them all).
 */
export const FRAUD_REASON_CODES = [
  // Validity
  "not_a_number",
  "unallocated_number",
  "unverified_number",
  // Line type
  "premium_rate_line",
  "shared_cost_line",
  "uan_line",
  "voip_line",
  "pager_line",
  "personal_line",
  // Destination
  "irsf_destination",
  // Patterned numbers
  "repeated_digits",
  "sequential_digits",
  "repeated_block",
  // Velocity
  "velocity_elevated",
  "velocity_high",
  "velocity_extreme",
  // Tenant lists
  "block_listed",
  "allow_listed",
  // Enhanced (HLR / MNP)
  "hlr_invalid_number",
  "subscriber_absent",
  "roaming_abroad",
  "ported",
  "virtual_range",
  "virtual_network",
  // Enhanced (signals some providers add)
  "sim_swap_recent",
  "call_forwarding",
  "sms_pumping_risk",
  "sms_pumping_blocked",
] as const;

export type FraudReasonCode = (typeof FRAUD_REASON_CODES)[number];
