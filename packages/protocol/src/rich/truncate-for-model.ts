/**
 * Shortens text longer than `maxChars`, keeping its start and end (where errors and conclusions
 * usually are) around a marker that says how much was cut.
 */
export function truncateForModel(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = Math.ceil((maxChars * 2) / 3);
  const tail = maxChars - head;
  const omitted = text.length - head - tail;
  const end = tail > 0 ? text.slice(-tail) : "";
  return `${text.slice(0, head)}\n… [truncated ${omitted} characters] …\n${end}`;
}
