import { Button, type ButtonProps } from "antd";
import { useAppNavigate } from "../navigation/use-app-navigate";

/**
 * A link that looks like a button: one `<a>` (a button inside a link is two nested controls to a
 * screen reader and to the keyboard), followed by the router without a page load. `href` is a
 * path already in the page's language (`to(...)`).
 */
export function LinkButton({ href, ...props }: Omit<ButtonProps, "href" | "onClick"> & { href: string }) {
  const navigate = useAppNavigate();
  return (
    <Button
      {...props}
      href={href}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(href);
      }}
    />
  );
}
