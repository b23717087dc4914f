import type { EngineMessage } from "@parley/engine";
import { encodeSdkMessage, type SDKResultMessage, type StdoutMessage } from "@parley/protocol";
import { type CliIo, write } from "../../cli-io.ts";
import type { OutputFormat } from "./parse-run-args.ts";

/**
 * Prints a turn's messages in the chosen format, as Claude Code's `-p` mode does: `stream-json` writes
 * every message as one NDJSON line, `json` the `result` object alone, `text` the answer alone.
 */
export class TurnPrinter {
  private result: SDKResultMessage | undefined;

  constructor(
    private readonly format: OutputFormat,
    private readonly io: CliIo,
    private readonly verbose: boolean,
  ) {}

  /** Prints (or keeps) one message. */
  async print(message: EngineMessage): Promise<void> {
    if (message.type === "result") this.result = message;
    switch (this.format) {
      case "stream-json":
        // model_fallback is a Parley extension; SDK hosts skip subtypes they do not know.
        await write(this.io.stdout, encodeSdkMessage(message as StdoutMessage));
        return;
      case "json":
        if (message.type === "result") await write(this.io.stdout, `${JSON.stringify(message)}\n`);
        return;
      case "text":
        if (message.type === "result") await this.printTextResult(message);
        else if (this.verbose) await this.printNotice(message);
        return;
    }
  }

  /** The exit status: 1 when the turn ended in an error (or never ended), else 0. */
  get exitCode(): number {
    return this.result && !this.result.is_error ? 0 : 1;
  }

  private async printTextResult(result: SDKResultMessage): Promise<void> {
    if (result.subtype === "success") await write(this.io.stdout, ensureNewline(result.result));
    else await write(this.io.stderr, `Error: ${result.errors.join("; ")}\n`);
  }

  // In text mode stdout holds only the answer; --verbose reports retries and fallbacks on stderr.
  private async printNotice(message: EngineMessage): Promise<void> {
    if (message.type !== "system") return;
    if (message.subtype === "api_retry") {
      const status = message.error_status ?? "no response";
      await write(
        this.io.stderr,
        `parley: model request failed (${status}); retry ${message.attempt}/${message.max_retries} in ${message.retry_delay_ms} ms\n`,
      );
    } else if (message.subtype === "model_fallback") {
      await write(
        this.io.stderr,
        `parley: switched from ${message.preferred} to ${message.actual}: ${message.reason}\n`,
      );
    }
  }
}

function ensureNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}
