/** A database URL with its password hidden, for messages, logs and health reports. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an invalid URL)";
  }
}
