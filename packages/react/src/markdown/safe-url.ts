/**
 * The URL a model-written link may point to, or undefined when it must not become a link: only absolute
 * `http:`, `https:` and `mailto:` URLs qualify, so `javascript:`, `data:`, `vbscript:` and relative paths
 * into Parley's own API stay plain text. The URL parser strips the tabs and newlines used to hide a scheme.
 */
export function safeLinkUrl(href: string): string | undefined {
  const url = parseAbsoluteUrl(href);
  if (url === undefined) return undefined;
  return url.protocol === "http:" || url.protocol === "https:" || url.protocol === "mailto:"
    ? url.href
    : undefined;
}

/** What an image in model output points to; none of them is fetched until the person asks. */
export type ImageSource =
  | { kind: "remote"; url: string; host: string }
  | { kind: "inline"; url: string }
  | { kind: "unsupported"; text: string };

const INLINE_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i;

/**
 * Classifies an image URL from model output: a remote http(s) image, an inline raster data URL, or neither.
 * A path on this server (`/…`) counts as remote on this page's host: it is still only loaded on a click.
 */
export function imageSource(href: string): ImageSource {
  const trimmed = href.trim();
  if (INLINE_IMAGE.test(trimmed)) return { kind: "inline", url: trimmed };
  const url = /^\/(?![/\\])/.test(trimmed)
    ? parseAbsoluteUrl(new URL(trimmed, window.location.origin).href)
    : parseAbsoluteUrl(trimmed);
  if (url !== undefined && (url.protocol === "http:" || url.protocol === "https:")) {
    return { kind: "remote", url: url.href, host: url.host };
  }
  return { kind: "unsupported", text: trimmed };
}

function parseAbsoluteUrl(href: string): URL | undefined {
  try {
    return new URL(href.trim());
  } catch {
    return undefined;
  }
}
