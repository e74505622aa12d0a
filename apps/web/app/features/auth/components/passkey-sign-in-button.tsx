import type { SessionInfo } from "@nc/contracts/auth";
import { ERRORS } from "@nc/contracts/errors";
import { Button, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shell/http/api-error";
import { usePasskeyError } from "../../../shell/passkeys/use-passkey-error";
import { passkeysSupported } from "../../../shell/passkeys/webauthn";
import { type PASSKEY_SIGN_IN, usePasskeySignIn } from "../api/passkey-sign-in";

/**
 * Sign-in with a passkey (docs/security.md, "Passkeys"): alone on the sign-in page, or in place
 * of the app's code at the second step. Offered only where the browser has WebAuthn (known after
 * the page starts, so the server's page and the first render agree).
 */
export function PasskeySignInButton({
  kind,
  onSignedIn,
  onPendingGone,
}: {
  kind: keyof typeof PASSKEY_SIGN_IN;
  onSignedIn: (session: SessionInfo) => Promise<void> | void;
  /** The pending sign-in expired or used its tries: back to the password. */
  onPendingGone?: () => void;
}) {
  const { t } = useTranslation();
  const signIn = usePasskeySignIn(kind);
  const showError = usePasskeyError();
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(passkeysSupported()), []);
  if (!supported) return null;

  const start = async () => {
    try {
      await onSignedIn(await signIn.mutateAsync());
    } catch (error) {
      showError(error);
      if (error instanceof ApiError && error.code === ERRORS.twoFactorPendingInvalid.code) onPendingGone?.();
    }
  };

  return (
    <>
      {/* Not antd's Divider: this renders only once the page has started, and a component whose
          styles the server did not send adds a style element then (docs/performance.md, "antd's
          work at hydration"); the sign-in pages already carry Typography's. */}
      <Typography.Paragraph style={{ textAlign: "center", margin: "16px 0" }}>
        {t("auth:passkey.or")}
      </Typography.Paragraph>
      <Button
        block
        size="large"
        loading={signIn.isPending}
        onClick={start}
        data-testid={`passkey-sign-in-${kind}`}
      >
        {t(kind === "alone" ? "auth:passkey.signIn" : "auth:passkey.instead")}
      </Button>
    </>
  );
}
