import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
} from "@ai-sdk/provider";

/**
 * A language model whose provider package is imported on its first call, not when the model is built: the AI
 * SDK providers are most of the code Parley would otherwise load on every start (`parley serve` builds its
 * model before anyone chats; the demo model needs none of them).
 */
export class LazyLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3";
  readonly #load: () => Promise<LanguageModelV3>;
  #model: Promise<LanguageModelV3> | undefined;

  constructor(
    readonly provider: string,
    readonly modelId: string,
    load: () => Promise<LanguageModelV3>,
  ) {
    this.#load = load;
  }

  get supportedUrls(): PromiseLike<Record<string, RegExp[]>> {
    return this.#loaded().then((model) => model.supportedUrls);
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    return (await this.#loaded()).doGenerate(options);
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    return (await this.#loaded()).doStream(options);
  }

  #loaded(): Promise<LanguageModelV3> {
    this.#model ??= this.#load();
    return this.#model;
  }
}
