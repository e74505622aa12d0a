import { ERRORS } from "@nc/contracts/errors";
import { useState } from "react";
import { useCaptcha } from "../../shell/captcha/use-captcha";
import { ApiError } from "../../shell/http/api-error";
import { useLogin } from "./api/login";

const asksForCaptcha = (error: unknown) =>
  error instanceof ApiError && (error.data as { captchaRequired?: boolean } | null)?.captchaRequired === true;

/**
 * Sign-in with the human check only when the server asks for it (after failed attempts): a
 * refusal for want of a captcha is retried once with one solved; later attempts carry one.
 */
export function useCaptchaLogin() {
  const login = useLogin();
  const captcha = useCaptcha();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);

  async function signIn(
    email: string,
    password: string,
    withCaptcha = captchaNeeded,
  ): ReturnType<typeof login.mutateAsync> {
    try {
      return await login.mutateAsync({
        email,
        password,
        captcha: withCaptcha ? await captcha.solve() : undefined,
      });
    } catch (error) {
      setCaptchaNeeded(asksForCaptcha(error));
      if (error instanceof ApiError && error.code === ERRORS.captchaRequired.code && !withCaptcha) {
        return signIn(email, password, true);
      }
      throw error;
    }
  }

  return {
    signIn,
    captchaNeeded,
    captchaState: captcha.state,
    pending: login.isPending || captcha.state === "solving",
  };
}
