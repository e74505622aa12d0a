/** A value written into an inline script: JSON, with "<" escaped so no "</script>" closes it early. */
export const inlineJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
