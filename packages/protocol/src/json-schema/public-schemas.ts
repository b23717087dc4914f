import type { z } from "zod";
import { apiPublicSchemas } from "../api/public-schemas.ts";
import { configPublicSchemas } from "../config/public-schemas.ts";
import { eventsPublicSchemas } from "../events/public-schemas.ts";
import { httpPublicSchemas } from "../http/public-schemas.ts";
import { richPublicSchemas } from "../rich/public-schemas.ts";
import { sdkPublicSchemas } from "../sdk/public-schemas.ts";
import { workflowPublicSchemas } from "../workflow/public-schemas.ts";

/** Every public schema of the protocol, grouped by message family; each becomes one JSON Schema file. */
export const publicSchemas: Record<string, Record<string, z.ZodType>> = {
  rich: richPublicSchemas,
  sdk: sdkPublicSchemas,
  events: eventsPublicSchemas,
  api: apiPublicSchemas,
  http: httpPublicSchemas,
  config: configPublicSchemas,
  workflow: workflowPublicSchemas,
};
