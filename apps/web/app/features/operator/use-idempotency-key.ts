import { useState } from "react";

/**
 * One idempotency key per opened form (docs/operations.md, "The operator console"): every submit
 * of the form sends the same key, so a double click or a retry is done once; after a success the
 * form asks for a new one, and the next correction is a new action.
 */
export function keyHolder(make: () => string = () => crypto.randomUUID()) {
  let key = make();
  return {
    current: () => key,
    renew: () => {
      key = make();
      return key;
    },
  };
}

/** The form's key holder, made once when the form mounts. */
export function useIdempotencyKey() {
  const [holder] = useState(() => keyHolder());
  return holder;
}
