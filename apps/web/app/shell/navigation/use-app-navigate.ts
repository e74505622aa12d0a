import { type NavigateOptions, useNavigate } from "react-router";
import { checkNavigation, isExternalUrl } from "./safe-navigation";

/**
 * The app's way to move: in-site paths go through the router; an external URL only with
 * `external: true`; javascript-style protocols never (docs/architecture.md, "Organisations and access"; docs/architecture.md, "Decisions and why").
 */
export function useAppNavigate() {
  const navigate = useNavigate();
  return (target: string, options: NavigateOptions & { external?: boolean } = {}) => {
    const { external, ...rest } = options;
    checkNavigation(target, { external });
    if (isExternalUrl(target)) {
      window.location.assign(target);
      return;
    }
    navigate(target, rest);
  };
}
