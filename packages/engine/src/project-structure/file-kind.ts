import { basename, extname } from "node:path";
import { lookup } from "mime-types";

/** Languages by file extension (lowercase, with the dot). */
const LANGUAGES: Record<string, string> = {
  ".ts": "TypeScript",
  ".tsx": "TypeScript",
  ".mts": "TypeScript",
  ".cts": "TypeScript",
  ".js": "JavaScript",
  ".jsx": "JavaScript",
  ".mjs": "JavaScript",
  ".cjs": "JavaScript",
  ".json": "JSON",
  ".jsonc": "JSON",
  ".rs": "Rust",
  ".py": "Python",
  ".pyi": "Python",
  ".go": "Go",
  ".java": "Java",
  ".kt": "Kotlin",
  ".swift": "Swift",
  ".c": "C",
  ".h": "C",
  ".cc": "C++",
  ".cpp": "C++",
  ".hpp": "C++",
  ".cs": "C#",
  ".rb": "Ruby",
  ".php": "PHP",
  ".sh": "Shell",
  ".bash": "Shell",
  ".zsh": "Shell",
  ".sql": "SQL",
  ".html": "HTML",
  ".css": "CSS",
  ".scss": "SCSS",
  ".md": "Markdown",
  ".mdx": "MDX",
  ".yaml": "YAML",
  ".yml": "YAML",
  ".toml": "TOML",
  ".xml": "XML",
  ".vue": "Vue",
  ".svelte": "Svelte",
  ".lua": "Lua",
  ".zig": "Zig",
  ".ex": "Elixir",
  ".exs": "Elixir",
  ".hs": "Haskell",
  ".scala": "Scala",
  ".dart": "Dart",
};

/** Files known by their whole name. */
const NAMED: Record<string, string> = {
  Dockerfile: "Dockerfile",
  Makefile: "Makefile",
  "CMakeLists.txt": "CMake",
  "go.mod": "Go Module",
  "go.sum": "Go Checksums",
  "Cargo.lock": "TOML",
  "uv.lock": "TOML",
  "poetry.lock": "TOML",
  "yarn.lock": "Yarn Lockfile",
};

/** MIME types mime-db gets wrong for source code (`.ts` is MPEG transport stream there). */
const SOURCE_MIME: Record<string, string> = {
  TypeScript: "text/typescript",
  Rust: "text/x-rust",
  Python: "text/x-python",
  Go: "text/x-go",
  Shell: "text/x-shellscript",
  TOML: "application/toml",
  Dockerfile: "text/x-dockerfile",
  Makefile: "text/x-makefile",
};

/** The programming or data language of a file, from its name; undefined for other files. */
export function languageOf(path: string): string | undefined {
  const name = basename(path);
  return NAMED[name] ?? LANGUAGES[extname(name).toLowerCase()];
}

/** The MIME type of a file from its name (`application/octet-stream` when unknown). */
export function mimeTypeOf(path: string, language = languageOf(path)): string {
  if (language !== undefined && SOURCE_MIME[language]) return SOURCE_MIME[language];
  return lookup(path) || (language === undefined ? "application/octet-stream" : "text/plain");
}
