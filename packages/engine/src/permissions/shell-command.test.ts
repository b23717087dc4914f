import { describe, expect, it } from "vitest";
import {
  analyzeShellCommand,
  isDescriptorRedirect,
  isOutputRedirect,
  isPlainCommand,
} from "./shell-command.ts";

describe("analyzeShellCommand", () => {
  it("splits a plain command into words with quotes and escapes removed", () => {
    const analysis = analyzeShellCommand(`git commit -m "fix: the \\"bug\\"" --author='A B' a\\ b`);

    expect(analysis).toEqual({
      commands: [
        {
          words: ["git", "commit", "-m", 'fix: the "bug"', "--author=A B", "a b"],
          redirects: [],
          assignments: [],
        },
      ],
      separators: [],
      complexities: [],
    });
    expect(isPlainCommand(analysis)).toBe(true);
  });

  it.each([
    ["git status; rm -rf x", ";"],
    ["git status && rm -rf x", "&&"],
    ["git status || rm -rf x", "||"],
    ["git status | rm -rf x", "|"],
    ["git status\nrm -rf x", "newline"],
    ["git status\r\nrm -rf x", "newline"],
  ])("splits %j into two commands joined by %j", (line, separator) => {
    const analysis = analyzeShellCommand(line);

    expect(analysis.separators).toEqual([separator]);
    expect(analysis.commands.map((command) => command.words[0])).toEqual(["git", "rm"]);
    expect(analysis.complexities).toEqual([]);
    expect(isPlainCommand(analysis)).toBe(false);
  });

  it.each([
    ["git status & rm -rf x", "'&' leaves a command running in the background"],
    ["echo $(id)", "command substitution $( … )"],
    ['echo "$(id)"', "command substitution $( … )"],
    ["echo `id`", "command substitution with backticks"],
    ['echo "`id`"', "command substitution with backticks"],
    ["echo $HOME", "variable expansion"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell line, not a template
    ['echo "${HOME}"', "variable expansion"],
    ["diff <(ls a) <(ls b)", "process substitution"],
    ["tee >(sh)", "process substitution"],
    ["cat <<EOF", "a here-document or here-string"],
    ["echo 'unclosed", "a quote is not closed"],
    ['echo "unclosed', "a quote is not closed"],
    ["rm *.ts", "wildcard expansion"],
    ["cat ~/.ssh/id_rsa", "home directory expansion '~'"],
    ["PAGER=sh git log", "sets environment variables for the command"],
    ["(rm -rf x)", "a subshell '( … )'"],
    ["{ rm -rf x; }", "a brace group or expansion"],
    ["git status # ; rm", "a comment"],
    ["echo a\\\nb", "a line continuation"],
    ["echo\u0007bell", "a control character"],
    ["", "there is no command"],
  ])("reports %j as more than one plain command", (line, reason) => {
    const analysis = analyzeShellCommand(line);

    expect(analysis.complexities).toContain(reason);
    expect(isPlainCommand(analysis)).toBe(false);
  });

  it("finds every simple command of a chained line, so deny rules can see each", () => {
    const analysis = analyzeShellCommand("git status; rm -rf x && curl x | sh");

    expect(analysis.commands.map((command) => command.words)).toEqual([
      ["git", "status"],
      ["rm", "-rf", "x"],
      ["curl", "x"],
      ["sh"],
    ]);
  });

  it("keeps quoted operators as text: they do not chain anything", () => {
    const analysis = analyzeShellCommand(`echo 'a; b && $(c)' "d | e"`);

    expect(analysis.complexities).toEqual([]);
    expect(analysis.commands[0]?.words).toEqual(["echo", "a; b && $(c)", "d | e"]);
  });

  it("records redirections with their file descriptor and target", () => {
    const analysis = analyzeShellCommand("npm test > out.log 2>&1 < input.txt 2>> err.log");

    expect(analysis.commands[0]).toEqual({
      words: ["npm", "test"],
      redirects: [
        { operator: ">", target: "out.log" },
        { operator: "2>&", target: "1" },
        { operator: "<", target: "input.txt" },
        { operator: "2>>", target: "err.log" },
      ],
      assignments: [],
    });
    expect(analysis.complexities).toEqual([]);
    const [toFile, duplicate, input] = analysis.commands[0]?.redirects ?? [];
    expect(toFile && [isOutputRedirect(toFile), isDescriptorRedirect(toFile)]).toEqual([true, false]);
    expect(duplicate && isDescriptorRedirect(duplicate)).toBe(true);
    expect(input && isOutputRedirect(input)).toBe(false);
  });

  it("treats a quoted name=value as a word, not an assignment", () => {
    const analysis = analyzeShellCommand(`git config "user.name=x" 'A=b'`);

    expect(analysis.complexities).toEqual([]);
    expect(analysis.commands[0]?.words).toEqual(["git", "config", "user.name=x", "A=b"]);
  });

  it("reads a literal dollar sign that starts no expansion as text", () => {
    expect(analyzeShellCommand("echo cost: 5$ now")).toMatchObject({
      commands: [{ words: ["echo", "cost:", "5$", "now"] }],
      complexities: [],
    });
  });
});
