/** Why a decoder or parser fell back instead of producing the typed value it was asked for. */
export type RichWarningCode =
  | "unknown_kind"
  | "invalid_legacy_content"
  | "no_valid_plan"
  | "no_valid_question"
  | "invalid_special_block";

/** A non-fatal problem reported while decoding or parsing; the caller decides whether to log it. */
export interface RichWarning {
  code: RichWarningCode;
  message: string;
}

/** Options shared by the rich decoders and parsers: `onWarning` receives every fallback they take. */
export interface RichWarningOptions {
  onWarning?: (warning: RichWarning) => void;
}
