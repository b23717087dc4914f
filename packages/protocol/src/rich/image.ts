import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * The data of an Image rich message: a `url`, or inline base64 `data` with its `media_type`
 * (e.g. `image/png`). `alt` describes the image for screen readers and for models that cannot see it.
 */
export const ImageDataSchema = lazySchema(() =>
  z
    .looseObject({
      url: z.string().min(1).optional(),
      data: z.base64().min(1).optional(),
      media_type: z.string().min(1).optional(),
      alt: z.string().optional(),
      width: z.number().int().positive().optional(),
      height: z.number().int().positive().optional(),
    })
    .superRefine((image, context) => {
      if (image.url === undefined && image.data === undefined) {
        context.addIssue({
          code: "custom",
          path: ["url"],
          message: "an image needs a `url` or base64 `data`",
        });
      }
      if (image.data !== undefined && image.media_type === undefined) {
        context.addIssue({
          code: "custom",
          path: ["media_type"],
          message: "inline base64 `data` needs its `media_type`",
        });
      }
    }),
);
export type ImageData = z.infer<typeof ImageDataSchema>;

/** An Image rich message. */
export const ImageMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("Image"),
    data: ImageDataSchema,
  }),
);
export type ImageMessage = z.infer<typeof ImageMessageSchema>;
