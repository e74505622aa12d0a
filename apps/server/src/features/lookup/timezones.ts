/** IANA time zones with their offset from UTC at the given moment (DST included). */
export interface TimezoneEntry {
  code: string;
  offset: string;
  offsetMinutes: number;
}

function offsetOf(zone: string, at: Date): { offset: string; minutes: number } {
  const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? "");
  if (!match) return { offset: "+00:00", minutes: 0 };
  const sign = match[1] === "-" ? -1 : 1;
  const minutes = sign * (Number(match[2]) * 60 + Number(match[3]));
  return { offset: `${match[1]}${match[2]}:${match[3]}`, minutes };
}

// ICU lists some zones under names IANA has since replaced; people look for the current ones.
const RENAMED: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

export function listTimezones(at = new Date()): TimezoneEntry[] {
  const zones = new Set<string>(["UTC", ...Intl.supportedValuesOf("timeZone").map((z) => RENAMED[z] ?? z)]);
  return [...zones]
    .map((code) => {
      const { offset, minutes } = offsetOf(code, at);
      return { code, offset, offsetMinutes: minutes };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.code.localeCompare(b.code));
}
