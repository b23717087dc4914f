import {
  ActiveMissionSchema,
  AgentOverrideQuerySchema,
  AgentOverrideSchema,
  AgentOverrideViewSchema,
  MissionHistorySchema,
  MissionSchema,
  ProjectRootQuerySchema,
  SetAgentOverrideRequestSchema,
  SetMissionRequestSchema,
} from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";
import { requireShallowJson } from "./json-depth.ts";
import { requireProject } from "./project.ts";

/** Missions (a project's standing goal) and per-agent overrides. */
export function missionRoutes(context: ServerContext): RouteDefinition[] {
  const { store, bus, now } = context;
  const missionChanged = (project: string) =>
    bus.publish({ type: "StateUpdated", reason: "mission_changed", project_root: project });
  return [
    defineRoute({
      method: "get",
      path: "/api/mission",
      summary: "The project's active mission",
      tag: "missions",
      query: ProjectRootQuerySchema,
      response: ActiveMissionSchema,
      handler: ({ query }) => ({
        mission: store.missions.active(requireProject(context.projectRoot, query.project_root)),
      }),
    }),
    defineRoute({
      method: "get",
      path: "/api/missions",
      summary: "Every mission of the project, newest first",
      tag: "missions",
      query: ProjectRootQuerySchema,
      response: MissionHistorySchema,
      handler: ({ query }) => ({
        missions: store.missions.history(requireProject(context.projectRoot, query.project_root)),
      }),
    }),
    defineRoute({
      method: "post",
      path: "/api/mission",
      summary: "Set the active mission (the previous one is cleared)",
      tag: "missions",
      body: SetMissionRequestSchema,
      response: MissionSchema,
      handler: ({ body }) => {
        const project = requireProject(context.projectRoot, body.project_root);
        return store.transaction(() => {
          const mission = store.missions.set({
            id: context.newId("mis"),
            project_root: project,
            text: body.text,
            created_at_ms: now(),
          });
          missionChanged(project);
          return mission;
        });
      },
    }),
    defineRoute({
      method: "delete",
      path: "/api/mission",
      summary: "Clear the active mission",
      tag: "missions",
      query: ProjectRootQuerySchema,
      response: ActiveMissionSchema,
      handler: ({ query }) => {
        const project = requireProject(context.projectRoot, query.project_root);
        return store.transaction(() => {
          const cleared = store.missions.clear(project, now());
          if (cleared !== null) missionChanged(project);
          return { mission: cleared };
        });
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/agent-override",
      summary: "An agent's overrides for this project",
      tag: "missions",
      query: AgentOverrideQuerySchema,
      response: AgentOverrideViewSchema,
      handler: ({ query }) => ({
        override: store.overrides.get(
          requireProject(context.projectRoot, query.project_root),
          query.agent_id,
        ),
      }),
    }),
    defineRoute({
      method: "post",
      path: "/api/agent-override",
      summary: "Replace an agent's overrides for this project",
      tag: "missions",
      body: SetAgentOverrideRequestSchema,
      response: AgentOverrideSchema,
      handler: ({ body }) => {
        requireShallowJson(body, "body");
        const { project_root: requested, ...fields } = body;
        const project = requireProject(context.projectRoot, requested);
        return store.transaction(() => {
          const override = store.overrides.put({ ...fields, project_root: project, updated_at_ms: now() });
          bus.publish({ type: "StateUpdated", reason: "agent_override_changed", project_root: project });
          return override;
        });
      },
    }),
  ];
}
