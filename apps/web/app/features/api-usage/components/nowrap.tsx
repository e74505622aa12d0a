/** A table cell's text that must not break (numbers with units, money, dates). */
export const nowrap = (text: string) => <span style={{ whiteSpace: "nowrap" }}>{text}</span>;
