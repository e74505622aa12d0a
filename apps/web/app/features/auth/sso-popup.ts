import type { SsoPopupMessage } from "@nc/contracts/sso";

/** The sign-in window's size (the product's popup sign-in, 960 x 600). */
export const SSO_POPUP_WIDTH = 960;
export const SSO_POPUP_HEIGHT = 600;

/** window.open's features: the popup's size, centred on the window that opens it. */
export function ssoPopupFeatures(win: Pick<Window, "screenX" | "screenY" | "outerWidth" | "outerHeight">) {
  const left = Math.round(win.screenX + Math.max(0, (win.outerWidth - SSO_POPUP_WIDTH) / 2));
  const top = Math.round(win.screenY + Math.max(0, (win.outerHeight - SSO_POPUP_HEIGHT) / 2));
  return `popup=yes,width=${SSO_POPUP_WIDTH},height=${SSO_POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * The outcome the popup posts back (docs/security.md, "Single sign-on"): only a message from this
 * site's own origin, sent by that very popup, counts. Null when the popup closes without one (the
 * person closed it, or the provider's opener policy cut the link and the popup went on by itself).
 */
export function popupOutcome(popup: Window, own: Window = window): Promise<SsoPopupMessage | null> {
  return new Promise((resolve) => {
    const done = (outcome: SsoPopupMessage | null) => {
      own.removeEventListener("message", listen);
      own.clearInterval(watch);
      resolve(outcome);
    };
    const listen = (event: MessageEvent) => {
      if (event.origin !== own.location.origin || event.source !== popup) return;
      const data = event.data as Partial<SsoPopupMessage> | null;
      if (data?.type === "nc-sso") done(data as SsoPopupMessage);
    };
    own.addEventListener("message", listen);
    const watch = own.setInterval(() => {
      if (popup.closed) done(null);
    }, 500);
  });
}
