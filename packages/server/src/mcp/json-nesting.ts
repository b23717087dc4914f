/**
 * How deep `[` and `{` nest outside strings, in one pass over JSON text. `JSON.parse` reads any depth, but
 * `JSON.stringify` (an entry's digest, the API's answer) recurses: 512 KiB of `[` in a cloned repository's
 * `.mcp.json` threw a stack overflow in a promise nothing awaited, and the server exited.
 */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (character === "\\") index++;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === "[" || character === "{") deepest = Math.max(deepest, ++depth);
    else if ((character === "]" || character === "}") && depth > 0) depth--;
  }
  return deepest;
}
