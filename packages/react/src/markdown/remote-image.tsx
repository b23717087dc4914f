import { useState } from "react";
import { imageSource } from "./safe-url.ts";

/**
 * An image from model output, not fetched until the person clicks: an auto-loaded image URL could carry
 * secrets out of the page (EchoLeak). The page's CSP may still refuse a remote image after the click; the
 * fallback then offers to open it in a new tab.
 */
export function RemoteImage({ href, alt, title }: { href: string; alt: string; title?: string | null }) {
  const source = imageSource(href);
  const [state, setState] = useState<"placeholder" | "loading" | "failed">("placeholder");
  if (source.kind === "unsupported") {
    return (
      <span className="md-image-placeholder" data-testid="unsupported-image" title={source.text}>
        image not shown{alt ? `: ${alt}` : ""}
      </span>
    );
  }
  const label = source.kind === "remote" ? `image from ${source.host}` : "inline image";
  if (state === "placeholder") {
    return (
      <button
        type="button"
        className="md-image-placeholder"
        data-testid="remote-image"
        data-host={source.kind === "remote" ? source.host : ""}
        title={title ?? source.url.slice(0, 200)}
        onClick={() => setState("loading")}
      >
        {label} — click to load{alt ? ` (${alt})` : ""}
      </button>
    );
  }
  if (state === "failed") {
    return (
      <span className="md-image-placeholder" data-testid="remote-image-failed">
        {label} could not be loaded here{" "}
        {source.kind === "remote" && (
          <a href={source.url} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer">
            open it in a new tab
          </a>
        )}
      </span>
    );
  }
  return (
    <img
      className="md-image"
      data-testid="loaded-image"
      src={source.url}
      alt={alt}
      title={title ?? undefined}
      referrerPolicy="no-referrer"
      onError={() => setState("failed")}
    />
  );
}
