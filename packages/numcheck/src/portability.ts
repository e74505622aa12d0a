/**
 * Regions where mobile numbers can be ported between operators (mobile number portability, MNP).
 * In these, the range's original carrier may no longer be the number's operator, so a basic check
 * flags mobile numbers "possibly ported" and only a live MNP/HLR look-up can tell.
 *
 * Sources: national regulators' MNP announcements as collected in Wikipedia "Mobile number
 * portability" (country list) and the GSMA; includes dependent territories that share a parent's
 * numbering plan and porting scheme (GG/JE/IM with GB, AX with FI, NANP members with MNP). Only regions
 * we could confirm are listed; a region missing here gives possiblyPorted false, so add it when its
 * regulator's MNP scheme is confirmed.
 */
const MNP_REGIONS = new Set(
  // Europe
  (
    "AD AL AT AX BA BE BG CH CY CZ DE DK EE ES FI FO FR GB GG GR HR HU IE IM IS IT JE LI LT LU LV " +
    "MC MD ME MK MT NL NO PL PT RO RS RU SE SI SK SM TR UA " +
    // Americas
    "AR BO BR CA CL CO CR DO EC GT HN MX NI PA PE PR PY SV US " +
    // Asia and the Middle East
    "AE AM AZ BD BH CN GE HK IL IN IR JO JP KR KW KZ MO MY OM PH PK QA SA SG TH TW VN " +
    // Africa
    "CI EG GH KE MA NG TN TZ UG ZA " +
    // Oceania
    "AU NZ"
  ).split(" "),
);

export function hasMobilePortability(region: string): boolean {
  return MNP_REGIONS.has(region);
}
