import {
  type ModelConfig,
  ModelConfigError,
  parleyHome,
  resolveFallbackModelConfig,
  resolveModelConfig,
  settingsPath,
} from "@parley/engine";
import type { ParleySettings } from "@parley/protocol";
import type { CliIo } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { RunArgs } from "./parse-run-args.ts";

/**
 * The model and fallback model of a headless agent (`parley run`, `parley acp`): `--model` and
 * `--fallback-model`, else the environment and settings; a bad reference is a usage error.
 */
export function chooseModels(
  args: Pick<RunArgs, "model" | "fallbackModel">,
  io: CliIo,
  settings: ParleySettings,
): { model: ModelConfig; fallbackModel: ModelConfig | undefined } {
  try {
    return {
      model: resolveModelConfig({
        env: io.env,
        settings,
        settingsFile: settingsPath(parleyHome(io.env)),
        ...(args.model !== undefined && { override: args.model }),
      }),
      fallbackModel: resolveFallbackModelConfig({
        env: io.env,
        settings,
        ...(args.fallbackModel !== undefined && { override: args.fallbackModel }),
      }),
    };
  } catch (error) {
    if (error instanceof ModelConfigError) throw new UsageError(error.message);
    throw error;
  }
}
